-- A firm's own PDF form names its firm without a key into companies: pdf_forms is reference data (the
-- providers' forms, read when any firm's request is filled), which a distributed database copies to every
-- node and which may not point into a firm's rows (docs/scale.md, rule 3; decision 079). Saving a form now
-- locks its firm's row, and deleting a firm deletes its forms, as the key's ON DELETE CASCADE did.
-- The form's table, then the firm's (a key's drop takes both).
LOCK TABLE "pdf_forms" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
LOCK TABLE "companies" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "pdf_forms" DROP CONSTRAINT "pdf_forms_company_id_companies_id_fk";
