import type { z } from 'zod';

/** A route that answers something other than JSON (a page, a file, a stream, a redirect): its body is not checked. */
export interface NotJson {
  readonly notJson: string;
}

/** What the registry knows about a route's successful answer: the zod schema of its JSON body, or that it is not JSON. */
export type ResponseEntry = z.ZodType | NotJson;

/** Marks a route answering `contentType` (e.g. 'text/html', 'text/csv', 'redirect'). */
export const notJson = (contentType: string): NotJson => ({ notJson: contentType });

export const isNotJson = (entry: ResponseEntry): entry is NotJson => 'notJson' in entry && typeof entry.notJson === 'string';
