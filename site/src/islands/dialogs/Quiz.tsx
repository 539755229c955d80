// "What's your Jacksonville vibe?": six questions, an e-mail step, then the matching profile.
// The result is computed here for the visitor and again by the worker for the e-mail.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, newKey, sendForm } from '../../lib/api';
import type { BotCheck } from '../../lib/bot-check';
import type { Endpoints, ProfileKey, Quiz as QuizProps, QuizResult } from '../../lib/props';
import { score } from './score';

type Step = { kind: 'question'; index: number } | { kind: 'email' } | { kind: 'result'; profile: ProfileKey };

export function QuizBody({
  quiz,
  result,
  api,
  botCheck,
  honeypot,
  titleId,
  onClose,
}: {
  quiz: QuizProps;
  /** Where the result's areas and consultation lead. */
  result?: QuizResult;
  /** Its endpoint, and the body fields of the submission's key (one per sent result: a retry
   * repeats it) and of the bot check's token. */
  api: Pick<Endpoints, 'quiz' | 'idempotency_key' | 'bot_check_field'>;
  botCheck: BotCheck;
  honeypot: string;
  titleId: string;
  onClose: () => void;
}) {
  const id = useId();
  const total = quiz.questions.length;
  const [step, setStep] = useState<Step>({ kind: 'question', index: 0 });
  const [answers, setAnswers] = useState<Record<string, ProfileKey>>({});
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [key, setKey] = useState(newKey);
  const l = quiz.labels;

  function next(e: FormEvent) {
    e.preventDefault();
    if (step.kind !== 'question') return;
    const q = quiz.questions[step.index];
    if (!answers[q.id]) {
      alert(l.choose_alert);
      return;
    }
    setStep(step.index + 1 < total ? { kind: 'question', index: step.index + 1 } : { kind: 'email' });
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      alert(l.email_alert);
      return;
    }
    const profile = score(Object.values(answers), quiz.tie_order);
    setSending(true);
    try {
      const token = await botCheck.token();
      await sendForm(api, 'quiz', { email: email.trim(), answers, [honeypot]: '' }, { key, token });
    } catch (error) {
      // A failed delivery still shows the visitor's result; anything else is a bug worth saying.
      if (!(error instanceof ApiError)) alert(l.error_alert);
    } finally {
      botCheck.renew();
      setSending(false);
      setStep({ kind: 'result', profile });
    }
  }

  function restart() {
    setKey(newKey());
    setAnswers({});
    setEmail('');
    setStep({ kind: 'question', index: 0 });
  }

  if (step.kind === 'result') {
    const p = quiz.profiles[step.profile];
    return (
      <div className="quiz quiz--result" aria-live="polite">
        <p className="eyebrow">{l.result_heading}</p>
        <h2 className="dialog__title" id={titleId}>
          {p.name}
        </h2>
        <p className="dialog__text">{p.description}</p>
        <h3 className="quiz__areas-title">{l.areas_heading}</h3>
        <ul className="quiz__areas">
          {p.areas.map((a) => (
            <li key={a}>{result?.areas[a] ? <a href={result.areas[a]}>{a}</a> : a}</li>
          ))}
        </ul>
        <div className="btn-row quiz__actions">
          {result && (
            // The dialogs' own click handler turns this into the consultation dialog.
            <a
              className="btn btn--gold"
              href={result.contact}
              data-open="lead"
              data-type="consultation"
              role="button"
              aria-haspopup="dialog"
            >
              {result.consultation}
            </a>
          )}
          <button type="button" className="btn btn--navy" onClick={restart}>
            {l.retake}
          </button>
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {l.close}
          </button>
        </div>
      </div>
    );
  }

  if (step.kind === 'email') {
    return (
      <form className="quiz" noValidate onSubmit={(e) => void send(e)} aria-labelledby={titleId}>
        <h2 className="dialog__title" id={titleId}>
          {l.email_heading}
        </h2>
        <p className="dialog__text">{l.email_text}</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {l.email_label}
          </label>
          <input
            id={`${id}-email`}
            className="field__control"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--navy form__submit" disabled={sending}>
          {l.email_submit}
        </button>
      </form>
    );
  }

  const q = quiz.questions[step.index];
  const current = step.index + 1;
  const progress = l.progress.replace('{n}', String(current)).replace('{total}', String(total));
  return (
    <form className="quiz" noValidate onSubmit={next} aria-labelledby={titleId}>
      <h2 className="dialog__title" id={titleId}>
        {quiz.title}
      </h2>
      <div
        className="quiz__progress"
        role="progressbar"
        aria-label={progress}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
      >
        <div className="quiz__progress-bar" style={{ width: `${(current / total) * 100}%` }} />
      </div>
      <fieldset className="quiz__question" key={q.id}>
        <legend className="quiz__legend">
          <span className="quiz__count">{progress}</span> {q.text}
        </legend>
        {q.options.map((o) => (
          <label key={o.value} className="quiz__option">
            <input
              type="radio"
              name={q.id}
              value={o.value}
              checked={answers[q.id] === o.value}
              onChange={() => setAnswers((a) => ({ ...a, [q.id]: o.value }))}
            />
            <span>{o.text}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--navy form__submit">
        {current === total ? l.finish : l.next}
      </button>
    </form>
  );
}
