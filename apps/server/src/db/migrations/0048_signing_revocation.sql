ALTER TABLE "signing_events" DROP CONSTRAINT "signing_events_event_ck";--> statement-breakpoint
ALTER TABLE "signing_requests" DROP CONSTRAINT "signing_requests_state_ck";--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_event_ck" CHECK ("signing_events"."event" in ('sent', 'resent', 'opened', 'identity_confirmed', 'identity_failed', 'locked', 'signed', 'declined', 'expiry_notice', 'revoked'));--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_state_ck" CHECK ("signing_requests"."state" in ('sent', 'opened', 'signed', 'declined', 'revoked'));