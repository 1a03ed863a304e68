import type { MailList } from '@qbank/contract';

/**
 * The two small pages of a list's unsubscribe link, served by the API (the link works signed
 * out, without the web app): plain HTML following the system's light or dark theme.
 */

/** What each list is called on its pages, and where the learner turns it on again. */
const LIST_NAMES: Record<MailList, { name: string; where: string }> = {
  mock_exam_opens: {
    name: 'the e-mail when a mock exam opens',
    where: 'on the Past papers screen, beside the mock exams',
  },
  plan_reminder: {
    name: 'the daily reminder of your plan to the exam date',
    where: 'on the Plan screen',
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>
body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;display:flex;justify-content:center}
main{max-width:32rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#1b6f70;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/** GET: a button that posts (link scanners fetch links; only a click unsubscribes). */
export function confirmPage(list: MailList, token: string, subscribed: boolean): string {
  const { name, where } = LIST_NAMES[list];
  if (!subscribed)
    return page(
      'Already unsubscribed',
      `<p>You do not get ${escape(name)}. You can turn it on again in the app, ${escape(where)}.</p>`,
    );
  return page(
    'Unsubscribe?',
    `<p>You will no longer get ${escape(name)}.</p>
<form method="post" action="?token=${escape(encodeURIComponent(token))}">
<button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(list: MailList): string {
  const { name, where } = LIST_NAMES[list];
  return page(
    'Unsubscribed',
    `<p>You will no longer get ${escape(name)}. You can turn it on again in the app, ${escape(where)}.</p>`,
  );
}
