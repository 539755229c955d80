// The concierge's filing: each chosen document uploaded in turn, then the set filed (the requests
// themselves, and the API they speak, are lib/api.ts's).
import { fileSubmission, uploadDocument, type Begun, type ConciergeApi } from '../../lib/api';
import type { BotCheck } from '../../lib/bot-check';

/** Server ids of the documents stored so far, by field. */
export type Uploaded = Record<string, string>;

export async function submitDocuments({
  api,
  begun,
  files,
  uploaded,
  acknowledgment,
  client,
  honeypot,
  botCheck,
  onProgress,
}: {
  api: ConciergeApi;
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
    uploaded[field] = await uploadDocument(
      api,
      begun,
      field,
      file,
      (f) => onProgress(field, f),
      await botCheck.token(),
    );
  }
  const documents = Object.fromEntries(files.map(([field]) => [field, uploaded[field]]));
  const fields = { ...client, documents, [acknowledgment]: true, [honeypot[0]]: honeypot[1] };
  await fileSubmission(api, begun, fields, await botCheck.token());
}
