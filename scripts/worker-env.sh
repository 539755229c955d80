#!/usr/bin/env bash
# Writes the edge worker's settings from the process environment into an env file for
# `wrangler dev --env-file` (scripts/worker-env.sh FILE). Only variables that are set are written,
# so wrangler.toml's [vars] and the content's defaults apply to the rest. DOCUMENT_LINK_SECRET,
# COUNTING_SECRET and SAVED_SEARCH_SECRET, when unset, are random secrets made once for this clone
# (.cache/<name>).
# LOCAL_DEVELOPMENT=true is written only here (make dev, make serve, the browser suite): without
# EmailJS settings the worker then sends e-mails to the local outbox. A deployment never has it.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
mkdir -p .cache "$(dirname "$out")"
for name in DOCUMENT_LINK_SECRET COUNTING_SECRET SAVED_SEARCH_SECRET; do
    if [[ -z "${!name:-}" ]]; then
        secret_file=.cache/$(tr 'A-Z_' 'a-z-' <<<"$name")
        [[ -s $secret_file ]] || od -An -tx1 -N32 /dev/urandom | tr -d ' \n' >"$secret_file"
        printf -v "$name" '%s' "$(cat "$secret_file")"
    fi
done
umask 077
echo 'LOCAL_DEVELOPMENT="true"' >"$out"
for name in EMAILJS_API_URL EMAILJS_PUBLIC_KEY EMAILJS_PRIVATE_KEY EMAILJS_SERVICE_ID EMAILJS_TEMPLATE_ID \
    EMAILJS_TEMPLATE_ID_LEAD EMAILJS_TEMPLATE_ID_LISTING_REQUEST EMAILJS_TEMPLATE_ID_CONTACT \
    EMAILJS_TEMPLATE_ID_QUIZ EMAILJS_TEMPLATE_ID_CONCIERGE EMAILJS_TEMPLATE_ID_SEARCH_CONFIRM EMAILJS_TEMPLATE_ID_SEARCH_ALERT AGENT_EMAIL DOCUMENT_LINK_SECRET DOCUMENT_LINK_SECRET_PREVIOUS COUNTING_SECRET DOCUMENT_LINK_DAYS \
    EMAIL_RETRY_FIRST_SECONDS QUIZ_EMAILS_PER_DAY DOCUMENT_RETENTION_DAYS ALERT_WEBHOOK_URL EMAILS_PER_DAY \
    CONCIERGE_PER_CLIENT_PER_DAY UPLOAD_BYTES_PER_DAY UPLOAD_BYTES_PER_CLIENT_PER_DAY UNVERIFIED_EMAILS_PER_DAY UNVERIFIED_PER_CLIENT_PER_HOUR \
    CONFIRMATION_EMAILS_PER_DAY CONFIRMATIONS_PER_CLIENT_PER_DAY CRM_LEADS_PER_DAY \
    SAVED_SEARCH_SECRET SAVED_SEARCH_SECRET_PREVIOUS \
    TURNSTILE_SITE_KEY TURNSTILE_SECRET_KEY TURNSTILE_VERIFY_URL GITHUB_CLIENT_ID GITHUB_CLIENT_SECRET GITHUB_URL \
    GITHUB_API_URL SITE_URL ALERT_EMAILS_PER_DAY FOLLOW_UP_BOSS_API_KEY FOLLOW_UP_BOSS_SYSTEM FOLLOW_UP_BOSS_SYSTEM_KEY \
    FOLLOW_UP_BOSS_API_URL LEAD_WEBHOOK_URL LEAD_WEBHOOK_SECRET; do
    value=${!name:-}
    [[ -z $value ]] && continue
    if [[ $value == *$'\n'* || $value == *\"* ]]; then
        echo "worker-env: $name must be one line without double quotes" >&2
        exit 1
    fi
    printf '%s="%s"\n' "$name" "$value" >>"$out"
done
