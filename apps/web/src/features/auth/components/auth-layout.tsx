import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The frame of every /auth screen: brand, a titled card, optional footer links. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <header className="auth-brand">
        <span className="brand-mark" aria-hidden="true">
          Q
        </span>
        <span className="brand-name">{t('app.name')}</span>
      </header>
      <main className="auth-card" id="main">
        <h1>{title}</h1>
        {intro ? <p className="auth-intro">{intro}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
    </div>
  );
}
