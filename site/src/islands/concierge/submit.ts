// The concierge API, as the edge worker implements it (paths from props.api):
//
// 1. POST api.concierge_documents?submission=<the submission's UUID>&field=<the document's field,
//    e.g. photoId>&name=<the file's name>, one request per document, the file itself as the body
//    (the server streams it into storage; it tells the type by the first bytes: JPEG, PNG or
//    %PDF-; 10 MB max).
//    → 201 {"id": string}. A failed document is retried alone; stored ones are not re-sent.
//    When the bot check is on, each request carries its newest token (the api.bot_check_header
//    header here, the api.bot_check_field body field in 2.): the worker verifies it again under
//    the submission's UUID, so one token serves a whole submission.
// 2. POST api.concierge, application/json:
//      {name, email, phone (the client's details), submission, documents: {photoId: id, …every
//       document}, <acknowledgment field>: true, <honeypot>: ''}
//    → 200 {"ok": true}. Idempotent by `submission`: a retry after a network error reuses the
//    same UUID, so the set cannot be filed twice. (Without JavaScript the same path takes the
//    prerendered form as one multipart post; the worker answers it with its error page.)
// Errors: any other status, optionally {"errors": [{field, message}]}; the client sees ApiError
// (status 0 for a network failure).
import { postJson, uploadFile } from '../../lib/api';
import type { BotCheck } from '../../lib/bot-check';
import type { Endpoints } from '../../lib/props';

/** Server ids of the documents stored so far, by field. */
export type Uploaded = Record<string, string>;

/** A UUID v4; randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export async function submitDocuments({
  api,
  submission,
  files,
  uploaded,
  acknowledgment,
  client,
  honeypot,
  botCheck,
  onProgress,
}: {
  api: Endpoints;
  botCheck: Pick<BotCheck, 'token'>;
  submission: string;
  /** The chosen files, in page order. */
  files: [field: string, file: File][];
  /** Ids of files already stored by an earlier attempt; filled in as uploads succeed. */
  uploaded: Uploaded;
  /** The acknowledgment's field name (content/forms.yaml). */
  acknowledgment: string;
  /** Who the client is: forms.yaml `concierge.fields`, by name. */
  client: Record<string, string>;
  honeypot: [name: string, value: string];
  onProgress: (field: string, fraction: number) => void;
}): Promise<void> {
  // One at a time: each bar fills in turn, and a slow line is not split six ways.
  for (const [field, file] of files) {
    if (uploaded[field]) {
      onProgress(field, 1);
      continue;
    }
    const token = await botCheck.token();
    const { id } = await uploadFile<{ id: string }>(
      api.concierge_documents,
      field,
      file,
      (f) => onProgress(field, f),
      { submission },
      token ? { [api.bot_check_header]: token } : {},
    );
    // An answer without an id would file the set with a hole in it.
    if (typeof id !== 'string' || !id) throw new Error(`No id for the uploaded ${field}`);
    uploaded[field] = id;
  }
  const token = await botCheck.token();
  await postJson(api.concierge, {
    ...client,
    submission,
    documents: Object.fromEntries(files.map(([field]) => [field, uploaded[field]])),
    [acknowledgment]: true,
    [honeypot[0]]: honeypot[1],
    ...(token && { [api.bot_check_field]: token }),
  });
}
