import type { z } from 'zod';
import { coded } from './coded.ts';

/*
 * Control characters in what the panel hands to another program (an ffmpeg argv, an FTP
 * command, the resources aapt compiles). A NUL byte cannot be passed in an argv at all — spawn
 * throws — and CR/LF end a protocol line; none of them belongs in an address, a key, a host, a
 * login or a name, so every such field refuses them before anything is stored or started.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000a-\u001f\u007f]/;

export interface ControlCharsRule {
  /**
   * Lets the tab through, for free text typed as is (a password). Never for keys, addresses,
   * hosts or one-line names: there a tab is a paste accident or a way to split an argument.
   */
  allowTab?: boolean;
}

/** Whether `text` has a C0 control character (U+0000–U+001F) or DEL (U+007F). */
export function hasControlChars(text: string, rule: ControlCharsRule = {}): boolean {
  return (rule.allowTab ? CONTROL_BUT_TAB : CONTROL).test(text);
}

/**
 * The schema, refusing control characters with control_chars. Put it after `.trim()`, so a
 * trailing line break of a paste is trimmed rather than refused.
 */
export function noControlChars<S extends z.ZodType<string>>(schema: S, rule: ControlCharsRule = {}): S {
  return schema.refine((s) => !hasControlChars(s, rule), coded('control_chars'));
}
