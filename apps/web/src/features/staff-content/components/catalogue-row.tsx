import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { CatalogueKind } from '../api/edit-catalogue';
import { NS } from '../i18n';
import '../../../lib/i18n-screens';

export interface RowItem {
  id: number;
  name: string;
  year?: number | null;
  /** Sources: set, the source is a past paper sat in this many minutes (issue 35). */
  time_limit_minutes?: number | null;
  scoring?: 'all_or_nothing' | 'partial';
  is_archived: boolean;
  questions_count: number;
  live_questions_count: number;
}

/** One module, course or source: rename (and year), archive or restore, move up or down. */
export function CatalogueRow({
  kind,
  item,
  first,
  last,
  busy,
  onSave,
  onMove,
}: {
  kind: CatalogueKind;
  item: RowItem;
  first: boolean;
  last: boolean;
  busy: boolean;
  onSave: (body: Record<string, unknown>) => void;
  onMove: (step: -1 | 1) => void;
}) {
  const { t } = useTranslation(NS);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(item.name);
  const [year, setYear] = useState(item.year ? String(item.year) : '');
  const [minutes, setMinutes] = useState(
    item.time_limit_minutes ? String(item.time_limit_minutes) : '',
  );
  const [scoring, setScoring] = useState(item.scoring ?? 'partial');
  const label = `${item.name}${item.year ? ` (${item.year})` : ''}`;

  return (
    <div className={item.is_archived ? 'catalogue-row is-archived' : 'catalogue-row'}>
      {editing ? (
        <form
          className="row-form"
          onSubmit={(e) => {
            e.preventDefault();
            onSave(
              kind === 'sources'
                ? {
                    name,
                    year: year ? Number(year) : null,
                    time_limit_minutes: minutes ? Number(minutes) : null,
                    scoring,
                  }
                : { name },
            );
            setEditing(false);
          }}
        >
          <input
            aria-label={t('catalogue.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          {kind === 'sources' ? (
            <input
              aria-label={t('fields.year')}
              className="year-input"
              inputMode="numeric"
              value={year}
              onChange={(e) => setYear(e.target.value)}
            />
          ) : null}
          {kind === 'sources' ? (
            <>
              <input
                aria-label={t('catalogue.time-limit')}
                placeholder={t('catalogue.time-limit')}
                className="year-input"
                inputMode="numeric"
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
              />
              <select
                aria-label={t('catalogue.scoring')}
                value={scoring}
                onChange={(e) => setScoring(e.target.value as typeof scoring)}
              >
                <option value="partial">{t('catalogue.scoring-partial')}</option>
                <option value="all_or_nothing">{t('catalogue.scoring-all_or_nothing')}</option>
              </select>
            </>
          ) : null}
          <Button type="submit">{t('catalogue.save')}</Button>
          <Button variant="link" onClick={() => setEditing(false)}>
            {t('catalogue.cancel')}
          </Button>
        </form>
      ) : (
        <span className="row-name">
          {label}
          <span className="muted">
            {' '}
            · {t('catalogue.questions', { count: item.questions_count })}
          </span>
          {item.time_limit_minutes ? (
            <span className="muted">
              {' '}
              · {t('catalogue.past-paper', { minutes: item.time_limit_minutes })}
            </span>
          ) : null}
          {item.is_archived ? (
            <span className="question-status question-status-withdrawn">
              {t('catalogue.archived')}
            </span>
          ) : null}
        </span>
      )}
      <span className="row-actions">
        <Button
          variant="link"
          onClick={() => setEditing(true)}
          aria-label={t('catalogue.edit-named', { name: item.name })}
        >
          {t('catalogue.edit')}
        </Button>
        <Button
          variant="link"
          disabled={busy}
          // Archiving hides from learners: asked first, naming how much it hides.
          onClick={() => (item.is_archived ? onSave({ is_archived: false }) : setConfirming(true))}
          aria-label={t(item.is_archived ? 'catalogue.restore-named' : 'catalogue.archive-named', {
            name: item.name,
          })}
        >
          {t(item.is_archived ? 'catalogue.restore' : 'catalogue.archive')}
        </Button>
        <Button
          variant="secondary"
          className="icon-button"
          disabled={first || busy}
          onClick={() => onMove(-1)}
          aria-label={t('catalogue.up', { name: item.name })}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          className="icon-button"
          disabled={last || busy}
          onClick={() => onMove(1)}
          aria-label={t('catalogue.down', { name: item.name })}
        >
          ↓
        </Button>
      </span>
      {confirming ? (
        <ConfirmDialog
          title={t('catalogue.archive-title', { name: label })}
          text={t(`catalogue.archive-hides-${kind}`, { count: item.live_questions_count })}
          confirmLabel={t('catalogue.archive')}
          onConfirm={() => {
            setConfirming(false);
            onSave({ is_archived: true });
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
