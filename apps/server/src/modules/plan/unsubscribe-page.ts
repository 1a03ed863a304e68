/**
 * The two small pages of the reminder's unsubscribe link, served by the API (the link works
 * signed out, without the web app). Plain HTML that follows the system's light or dark theme.
 */

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

export function confirmPage(token: string, reminder: boolean): string {
  if (!reminder)
    return page(
      'Daily reminder already off',
      '<p>You do not get the daily reminder of your plan. You can turn it on again in the app, on the StudyPlan screen.</p>',
    );
  return page(
    'Stop the daily reminder?',
    `<p>You will no longer get the morning e-mail with today's plan. Your plan itself stays.</p>
<form method="post" action="?token=${escape(encodeURIComponent(token))}">
<button type="submit">Stop the reminder</button></form>`,
  );
}

export const donePage = () =>
  page(
    'Reminder stopped',
    '<p>You will no longer get the daily reminder. You can turn it on again in the app, on the StudyPlan screen.</p>',
  );
