/**
 * The body of an image upload: the presigned POST's fields, then the file last (S3 ignores every
 * field after `file`). Shared by the site, the tests and the benchmarks so they all upload alike.
 */
export function imageUploadForm(fields: Record<string, string>, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}
