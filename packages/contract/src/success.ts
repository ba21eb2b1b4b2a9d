import { z } from 'zod';

/** The answer of an action that has nothing to report but that it was done. */
export const successResponseSchema = z.object({ success: z.literal(true) });

/** A confirmation: the action was done, and the text that says so. */
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
