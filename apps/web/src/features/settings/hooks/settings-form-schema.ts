import { z } from 'zod';
import { codedIssue, userSettingsBody } from '@painel/contract';
import { issueText } from '@/lib/api-client.ts';

const refreshInterval = userSettingsBody.shape.refresh_interval;

export function isValidRefreshInterval(value: number): boolean {
  return refreshInterval.safeParse(value).success;
}

/**
 * The general and regional options of the settings form. The interval is checked only
 * while auto refresh is on, because only then is its field shown.
 */
export const settingsFormSchema = z
  .object({
    notifications_enabled: z.boolean(),
    auto_refresh: z.boolean(),
    sidebar_collapsed: z.boolean(),
    // a number input gives NaN when empty; the range check below reports it
    refresh_interval: z.custom<number>((v) => typeof v === 'number'),
    language: userSettingsBody.shape.language,
    timezone: userSettingsBody.shape.timezone,
  })
  .superRefine((values, ctx) => {
    if (values.auto_refresh && !isValidRefreshInterval(values.refresh_interval)) {
      // the message in the panel's language when the form validates
      const issue = codedIssue('refresh_interval_range');
      ctx.addIssue({ ...issue, path: ['refresh_interval'], message: issueText(issue) });
    }
  });

export type SettingsFormValues = z.infer<typeof settingsFormSchema>;
