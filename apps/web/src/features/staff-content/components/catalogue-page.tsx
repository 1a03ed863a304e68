import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useEditCatalogue, type CatalogueKind } from '../api/edit-catalogue';
import { useStaffCatalogue } from '../api/get-staff-catalogue';
import { NS } from '../i18n';
import { CatalogueRow, type RowItem } from './catalogue-row';
import '../staff-content.css';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../lib/i18n-screens';

const moved = (ids: number[], index: number, step: -1 | 1) => {
  const next = [...ids];
  [next[index], next[index + step]] = [next[index + step]!, next[index]!];
  return next;
};

/** A small "add" form: a name (and a year for a source). */
function AddForm({
  label,
  withYear,
  onAdd,
}: {
  label: string;
  withYear?: boolean;
  onAdd: (name: string, year: number | null) => void;
}) {
  const { t } = useTranslation(NS);
  useDocumentTitle(t('catalogue.title'));
  const [name, setName] = useState('');
  const [year, setYear] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    onAdd(name.trim(), year ? Number(year) : null);
    setName('');
    setYear('');
  };
  return (
    <form className="row-form add-form" onSubmit={submit}>
      <input
        aria-label={label}
        placeholder={label}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {withYear ? (
        <input
          aria-label={t('fields.year')}
          placeholder={t('fields.year')}
          className="year-input"
          inputMode="numeric"
          value={year}
          onChange={(e) => setYear(e.target.value)}
        />
      ) : null}
      <Button type="submit" variant="secondary">
        {t('catalogue.add')}
      </Button>
    </form>
  );
}

/** Case- and accent-blind, so "cardio" finds "Cardiologie" and "hepat" finds "Hépatites". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * /staff/catalogue: modules, their courses and sources; create, edit, reorder, archive. Modules
 * start closed (a real catalogue is thousands of pixels open); a search opens the ones it finds.
 */
export default function CataloguePage() {
  const { t } = useTranslation(NS);
  const catalogue = useStaffCatalogue();
  const edit = useEditCatalogue();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState('');
  if (catalogue.isPending) return <Spinner label={t('loading')} />;
  const all = catalogue.data ?? [];
  const term = fold(search.trim());
  const matches = (name: string) => fold(name).includes(term);
  const modules = term
    ? all.filter(
        (m) =>
          matches(m.name) ||
          m.courses.some((c) => matches(c.name)) ||
          m.sources.some((x) => matches(x.name)),
      )
    : all;
  const isOpen = (id: number) => open.has(id) || (term !== '' && modules.length <= 5);
  const toggle = (id: number) =>
    setOpen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const rows = (kind: CatalogueKind, items: RowItem[]) =>
    items.map((item, index) => (
      <li key={item.id}>
        <CatalogueRow
          kind={kind}
          item={item}
          first={index === 0}
          last={index === items.length - 1}
          busy={edit.isPending}
          onSave={(body) => edit.mutate({ op: 'update', kind, id: item.id, body })}
          onMove={(step) =>
            edit.mutate({
              op: 'reorder',
              kind,
              ids: moved(
                items.map((i) => i.id),
                index,
                step,
              ),
            })
          }
        />
      </li>
    ));

  return (
    <section className="page staff-page">
      <div className="page-head">
        <h1>{t('catalogue.title')}</h1>
      </div>
      <FormAlert>{edit.error?.message ?? catalogue.error?.message}</FormAlert>
      <AddForm
        label={t('catalogue.new-module')}
        onAdd={(name) =>
          edit.mutate(
            { op: 'create', kind: 'modules', body: { name } },
            // A module just made opens, to add its courses.
            { onSuccess: (made) => toggle((made as { id: number }).id) },
          )
        }
      />
      <div className="catalogue-tools">
        <div className="field">
          <label htmlFor="catalogue-search">{t('catalogue.search')}</label>
          <input
            id="catalogue-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button variant="secondary" onClick={() => setOpen(new Set(modules.map((m) => m.id)))}>
          {t('catalogue.expand-all')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(new Set())}>
          {t('catalogue.collapse-all')}
        </Button>
      </div>
      {term && !modules.length ? <p className="empty-state">{t('catalogue.no-match')}</p> : null}
      <ol className="catalogue-modules">
        {modules.map((m) => (
          <li key={m.id} className="catalogue-module">
            <CatalogueRow
              kind="modules"
              item={m}
              first={all.indexOf(m) === 0}
              last={all.indexOf(m) === all.length - 1}
              busy={edit.isPending}
              onSave={(body) => edit.mutate({ op: 'update', kind: 'modules', id: m.id, body })}
              onMove={(step) =>
                edit.mutate({
                  op: 'reorder',
                  kind: 'modules',
                  // Positions in the whole list: a search shows only some modules.
                  ids: moved(
                    all.map((x) => x.id),
                    all.indexOf(m),
                    step,
                  ),
                })
              }
            />
            <button
              type="button"
              className="module-toggle"
              aria-expanded={isOpen(m.id)}
              aria-controls={`module-${m.id}-children`}
              onClick={() => toggle(m.id)}
            >
              <span aria-hidden="true">{isOpen(m.id) ? '▾' : '▸'}</span>{' '}
              <span className="visually-hidden">{m.name}: </span>
              {t('catalogue.summary', {
                courses: m.courses.length,
                sources: m.sources.length,
                live: m.live_questions_count,
                questions: m.questions_count,
              })}
            </button>
            <div
              className="catalogue-children"
              id={`module-${m.id}-children`}
              hidden={!isOpen(m.id)}
            >
              <section aria-label={t('catalogue.courses-of', { name: m.name })}>
                <h3>{t('catalogue.courses')}</h3>
                <ol>{rows('courses', m.courses)}</ol>
                <AddForm
                  label={t('catalogue.new-course')}
                  onAdd={(name) =>
                    edit.mutate({ op: 'create', kind: 'courses', body: { module: m.id, name } })
                  }
                />
              </section>
              <section aria-label={t('catalogue.sources-of', { name: m.name })}>
                <h3>{t('catalogue.sources')}</h3>
                <ol>{rows('sources', m.sources)}</ol>
                <AddForm
                  label={t('catalogue.new-source')}
                  withYear
                  onAdd={(name, year) =>
                    edit.mutate({
                      op: 'create',
                      kind: 'sources',
                      body: { module: m.id, name, year },
                    })
                  }
                />
              </section>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
