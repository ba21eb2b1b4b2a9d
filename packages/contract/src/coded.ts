import { errorText, isServerErrorCode, type ErrorTextArgs, type ServerErrorCode } from './errors.ts';

/**
 * How a contract schema refuses: the issue's message is the catalogue's Portuguese text (the web
 * shows it as it is) and the issue carries the catalogue code in `params` (the server answers
 * with that code and its message, never reading the text).
 */
export interface IssueCode {
  code: ServerErrorCode;
  /** The message's values, for a code whose message has any. */
  values?: unknown;
}

/** The error option of a zod schema or check: `z.string(coded('x'))`, `.min(1, coded('x'))`, `.refine(f, coded('x'))`. */
export function coded<C extends ServerErrorCode>(code: C, ...args: ErrorTextArgs<C>): { error: (issue: object) => string } {
  const message = errorText(code, ...args);
  const tag: IssueCode = { code, values: args[0] };
  return {
    // zod builds the final issue from the raw one's own keys after its error map answers, so a
    // code set on the raw issue here is kept (coded.test.ts holds zod to that)
    error: (issue) => {
      const raw = issue as { params?: Record<string, unknown> };
      raw.params = { ...raw.params, ...tag };
      return message;
    },
  };
}

/** A custom issue for `ctx.addIssue` in a superRefine. */
export function codedIssue<C extends ServerErrorCode>(code: C, ...args: ErrorTextArgs<C>) {
  return { code: 'custom' as const, message: errorText(code, ...args), params: { code, values: args[0] } satisfies IssueCode };
}

/** The catalogue code (and values) a zod issue carries, when one of the contract's refusals raised it. */
export function issueCode(issue: object | undefined): IssueCode | undefined {
  const p = (issue as { params?: unknown } | undefined)?.params as { code?: unknown; values?: unknown } | undefined;
  return p && isServerErrorCode(p.code) ? { code: p.code, values: p.values } : undefined;
}
