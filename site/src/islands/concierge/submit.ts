// The concierge submission, as the edge worker takes it:
// 1. each document in its own request: POST api.concierge_documents, multipart {submission, field,
//    <field>: file} → {id}. Small requests, per-file progress, and a failed file is retried alone.
// 2. then POST api.concierge JSON {submission, documents: {field: id}, acknowledged: true,
//    <honeypot>: ''} → {ok: true}. `submission` (a UUID made once per visit to the form) makes the
//    final step idempotent: a retry after a network error cannot file the set twice.
import { postJson, uploadFile } from '../../lib/api';
import type { Endpoints } from '../../lib/props';

export type Uploaded = Record<string, string>;

export async function submitDocuments({
  api,
  submission,
  files,
  uploaded,
  honeypot,
  onProgress,
}: {
  api: Endpoints;
  submission: string;
  /** The chosen files, in page order. */
  files: [field: string, file: File][];
  /** Ids of files already stored by an earlier attempt; filled in as uploads succeed. */
  uploaded: Uploaded;
  honeypot: [name: string, value: string];
  onProgress: (field: string, fraction: number) => void;
}): Promise<void> {
  for (const [field, file] of files) {
    if (uploaded[field]) {
      onProgress(field, 1);
      continue;
    }
    const { id } = await uploadFile<{ id: string }>(api.concierge_documents, field, file, (f) => onProgress(field, f), {
      submission,
      field,
    });
    uploaded[field] = id;
  }
  await postJson(api.concierge, {
    submission,
    documents: Object.fromEntries(files.map(([field]) => [field, uploaded[field]])),
    acknowledged: true,
    [honeypot[0]]: honeypot[1],
  });
}
