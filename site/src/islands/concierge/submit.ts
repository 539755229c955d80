// The concierge API, as the edge worker implements it (paths from props.api):
//
// 0. POST api.concierge_submissions → 201 {"submission": <UUID>, "token": <hex>}: a submission
//    the worker minted. Its token goes with every upload into it (the api.submission_token_header
//    header) and with its filing (the api.submission_token_field field): its id alone lets no one
//    add a document to it or file it.
// 1. POST api.concierge_documents?submission=<the submission's UUID>&field=<the document's field,
//    e.g. photoId>&name=<the file's name>, one request per document, the file itself as the body
//    (the server streams it into storage; it tells the type by the first bytes: JPEG, PNG or
//    %PDF-; 10 MB max).
//    → 201 {"id": string}. A failed document is retried alone; stored ones are not re-sent.
//    When the bot check is on, each request carries its newest token (the api.bot_check_header
//    header here, the api.bot_check_field body field in 2.): the worker verifies it again under
//    the submission's UUID, so one token serves a whole submission.
// 2. POST api.concierge, application/json:
//      {name, email, phone (the client's details), submission, <submission token field>,
//       documents: {photoId: id, …every document}, <acknowledgment field>: true, <honeypot>: ''}
//    → 200 {"ok": true}. Only the documents named are filed. Idempotent by `submission`: a retry
//    after a network error reuses the same submission, so the set cannot be filed twice. (Without
//    JavaScript the same path takes the prerendered form as one multipart post; the worker mints
//    its submission itself and answers it with its error page.)
// Errors: any other status, optionally {"errors": [{field, message}]}; the client sees ApiError
// (status 0 for a network failure).
import { postJson, uploadFile } from '../../lib/api';
import type { BotCheck } from '../../lib/bot-check';
import type { Endpoints } from '../../lib/props';

/** Server ids of the documents stored so far, by field. */
export type Uploaded = Record<string, string>;

/** A submission the worker minted: its id, and the token each upload into it and its filing carry. */
export type Begun = { submission: string; token: string };

/** Step 0: a new submission from the worker. */
export async function beginSubmission(api: Endpoints): Promise<Begun> {
  const begun = await postJson<Partial<Begun>>(api.concierge_submissions, {});
  if (typeof begun.submission !== 'string' || typeof begun.token !== 'string') throw new Error('No submission from the worker');
  return { submission: begun.submission, token: begun.token };
}

export async function submitDocuments({
  api,
  begun: { submission, token: submissionToken },
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
  /** The submission (step 0), the same for every retry. */
  begun: Begun;
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
      { [api.submission_token_header]: submissionToken, ...(token && { [api.bot_check_header]: token }) },
    );
    // An answer without an id would file the set with a hole in it.
    if (typeof id !== 'string' || !id) throw new Error(`No id for the uploaded ${field}`);
    uploaded[field] = id;
  }
  const token = await botCheck.token();
  await postJson(api.concierge, {
    ...client,
    submission,
    [api.submission_token_field]: submissionToken,
    documents: Object.fromEntries(files.map(([field]) => [field, uploaded[field]])),
    [acknowledgment]: true,
    [honeypot[0]]: honeypot[1],
    ...(token && { [api.bot_check_field]: token }),
  });
}
