/**
 * The contact form's check, loaded when a visitor sends the form: the schema library stays out of the
 * public pages' first load.
 */
import { ContactSchema } from '@dd/shared';

export const checkContact = (values: unknown) => ContactSchema.safeParse(values);
