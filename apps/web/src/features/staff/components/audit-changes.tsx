import type { AuditChange } from '@qbank/contract';
import { useTranslation } from 'react-i18next';
import '../i18n';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A change's path in words: `choices[1].is_correct` → "Choice B · correct". Known field names
 * come from the locale (audit.fields.*); an unknown one shows as it is stored.
 */
function useFieldLabel() {
  const { t } = useTranslation('staff');
  const word = (key: string) => t(`audit.fields.${key}`, { defaultValue: key.replace(/_/g, ' ') });
  return (path: string) =>
    path
      .split('.')
      .map((part) => {
        const item = /^(\w+)\[(\d+)\]$/.exec(part);
        if (!item) return word(part);
        const index = Number(item[2]);
        return item[1] === 'choices'
          ? t('audit.choice', { letter: LETTERS[index] ?? index + 1 })
          : `${word(item[1]!)} ${index + 1}`;
      })
      .join(' · ');
}

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('staff');
  if (value === null || value === undefined || value === '') {
    return <span className="muted">{t('audit.none')}</span>;
  }
  if (typeof value === 'boolean') return <>{t(value ? 'audit.yes' : 'audit.no')}</>;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) {
    return <>{value.length ? value.join(', ') : t('audit.none')}</>;
  }
  if (typeof value === 'object') return <code>{JSON.stringify(value)}</code>;
  return <>{String(value)}</>;
}

/** An audit entry's field-by-field difference: one row per changed field, before → after. */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation('staff');
  const label = useFieldLabel();
  if (!changes.length) return <p className="muted">{t('audit.no-changes')}</p>;
  return (
    <div className="audit-changes">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('audit.field')}</th>
            <th scope="col">{t('audit.before')}</th>
            <th scope="col">{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.field} className={/is_correct|status/.test(c.field) ? 'audit-key' : ''}>
              <th scope="row">{label(c.field)}</th>
              <td className="audit-before">
                <Value value={c.before} />
              </td>
              <td className="audit-after">
                <Value value={c.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
