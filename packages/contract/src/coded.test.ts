import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { coded, codedIssue, issueCode } from './coded.ts';
import { errorText } from './errors.ts';
import { folderBody } from './library.ts';
import { ftpMigrateBody } from './ftp-migration.ts';

const first = (r: { success: boolean; error?: { issues: object[] } }) => r.error?.issues[0];

test('a refusal keeps the catalogue text as the issue message and carries its code beside it', () => {
  const schema = z.object({
    nome: z.string(coded('folder_name_required')).trim().min(1, coded('folder_name_required')),
    tipo: z.enum(['a', 'b'], coded('invalid_platform')).optional(),
    n: z.coerce.number(coded('select_playlist')).int(coded('select_playlist')).positive(coded('select_playlist')).optional(),
    url: z.string().refine((s) => s.startsWith('rtmp://'), coded('relay_url_form')).optional(),
    bitrate: z.union([z.number(), z.null()], coded('conversion_bitrate_range', { max: 2000 })).optional(),
  });
  const cases: [object, string, string, unknown][] = [
    [{ nome: 7 }, 'folder_name_required', errorText('folder_name_required'), undefined], // the type
    [{ nome: '  ' }, 'folder_name_required', errorText('folder_name_required'), undefined], // a check
    [{ nome: 'x', tipo: 'c' }, 'invalid_platform', errorText('invalid_platform'), undefined],
    [{ nome: 'x', n: 'dez' }, 'select_playlist', errorText('select_playlist'), undefined],
    [{ nome: 'x', n: 1.5 }, 'select_playlist', errorText('select_playlist'), undefined],
    [{ nome: 'x', url: 'http://a' }, 'relay_url_form', errorText('relay_url_form'), undefined], // a refine
    [{ nome: 'x', bitrate: 'mil' }, 'conversion_bitrate_range', errorText('conversion_bitrate_range', { max: 2000 }), { max: 2000 }],
  ];
  for (const [input, code, message, values] of cases) {
    const issue = first(schema.safeParse(input)) as { message: string } | undefined;
    assert.equal(issue?.message, message, JSON.stringify(input));
    assert.deepEqual(issueCode(issue), { code, values }, JSON.stringify(input));
  }
});

test('a custom issue of a superRefine carries its code and values', () => {
  const schema = z.string().superRefine((s, ctx) => {
    if (s.length > 3) ctx.addIssue({ ...codedIssue('ftp_too_many_files', { max: 3 }), path: ['files'] });
  });
  const issue = first(schema.safeParse('abcd')) as { message: string; path: unknown[] } | undefined;
  assert.equal(issue?.message, errorText('ftp_too_many_files', { max: 3 }));
  assert.deepEqual(issue?.path, ['files']);
  assert.deepEqual(issueCode(issue), { code: 'ftp_too_many_files', values: { max: 3 } });
});

test('zod\'s own issues carry no code', () => {
  assert.equal(issueCode(first(z.object({ n: z.number() }).strict().safeParse({ n: 1, extra: 2 }))), undefined);
  assert.equal(issueCode(first(z.number().safeParse('x'))), undefined);
  assert.equal(issueCode(undefined), undefined);
});

test('the contract\'s schemas refuse by code', () => {
  assert.deepEqual(issueCode(first(folderBody.safeParse({ nome: '' }))), { code: 'folder_name_required', values: undefined });
  assert.deepEqual(issueCode(first(folderBody.safeParse({ nome: 'a/b' }))), { code: 'folder_name_invalid', values: undefined });
  assert.deepEqual(issueCode(first(ftpMigrateBody.safeParse({ files: ['/a/b.txt'], destinationFolder: 1 }))), { code: 'ftp_only_videos', values: { nome: 'b.txt' } });
});
