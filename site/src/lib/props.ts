// The shapes of the props the generator serializes into each mount point
// (generator/src/render/islands.rs documents the contract). The texts themselves always come from
// the props: nothing here repeats content.

export type Endpoints = {
  lead: string;
  listing_request: string;
  contact: string;
  quiz: string;
  concierge_documents: string;
  concierge: string;
};

export type Limits = { text_max: number; message_max: number; body_max_bytes: number };

/** Templates with `{label}` / `{max}` placeholders. */
export type Messages = { required: string; email: string; phone: string; too_long: string; option: string };

export type FieldType = 'text' | 'email' | 'tel' | 'textarea' | 'select';

export type Field = {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  autocomplete: string | null;
  placeholder: string | null;
  options: { value: string; label: string }[];
};

export type ToastText = { title: string; description: string };

export type Form = {
  title: string;
  text: string;
  submit: string;
  subject: string;
  fields: Field[];
  toasts: { success: ToastText; error: ToastText };
};

export type LeadType = 'consultation' | 'buyer-guide' | 'cma-request';

export type LeadForm = {
  fields: Field[];
  toasts: { success: ToastText; error: ToastText };
  types: Record<LeadType, { title: string; text: string; submit: string; subject: string; require: string[] }>;
};

export type ProfileKey = 'historic' | 'coastal' | 'urban' | 'eclectic' | 'suburban';

export type Quiz = {
  title: string;
  intro: string;
  questions: { id: string; text: string; options: { value: ProfileKey; text: string }[] }[];
  profiles: Record<ProfileKey, { name: string; areas: string[]; description: string }>;
  tie_order: ProfileKey[];
  labels: {
    open: string;
    progress: string;
    next: string;
    finish: string;
    choose_alert: string;
    email_heading: string;
    email_text: string;
    email_label: string;
    email_submit: string;
    email_alert: string;
    error_alert: string;
    result_heading: string;
    areas_heading: string;
    retake: string;
    close: string;
  };
};

export type DialogsProps = {
  api: Endpoints;
  limits: Limits;
  messages: Messages;
  sending: string;
  close: string;
  dismiss: string;
  honeypot: string;
  lead: LeadForm;
  contact: Form;
  /** Home page only. */
  listing_request?: Form;
  quiz_form?: { subject: string };
  quiz?: Quiz;
};

export type FileKind = 'jpeg' | 'png' | 'pdf';

export type ConciergeDocument = {
  field: string;
  label: string;
  kind: string;
  hint: string | null;
  accept: FileKind[];
  required_message: string;
};

export type ConciergeProps = {
  max_file_bytes: number;
  documents: ConciergeDocument[];
  acknowledgment: { field: string; label: string; required_message: string };
  subject: string;
  submit: string;
  submitting: string;
  toasts: Record<'too_large' | 'invalid_type' | 'success' | 'failure', ToastText>;
  thank_you: ToastText;
  honeypot: string;
  dismiss: string;
  messages: Messages;
  action: string;
  api: Endpoints;
};

export type NavProps = { menu: string };
export type CarouselProps = { count: number; previous: string; next: string; show_slide: string };
export type NeighborhoodTabsProps = { tabs: { label: string; route: string }[]; all: string; panel: string };
export type ContactWidgetProps = { title: string; text: string; message: string; sms: string; contact_href: string };
export type ExploreMoreProps = { href: string; label: string };
