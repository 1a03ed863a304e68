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

/** /staff/catalogue: modules, their courses and sources; create, edit, reorder, archive. */
export default function CataloguePage() {
  const { t } = useTranslation(NS);
  const catalogue = useStaffCatalogue();
  const edit = useEditCatalogue();
  if (catalogue.isPending) return <Spinner label={t('loading')} />;
  const modules = catalogue.data ?? [];

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
        onAdd={(name) => edit.mutate({ op: 'create', kind: 'modules', body: { name } })}
      />
      <ol className="catalogue-modules">
        {modules.map((m, index) => (
          <li key={m.id} className="catalogue-module">
            <CatalogueRow
              kind="modules"
              item={m}
              first={index === 0}
              last={index === modules.length - 1}
              busy={edit.isPending}
              onSave={(body) => edit.mutate({ op: 'update', kind: 'modules', id: m.id, body })}
              onMove={(step) =>
                edit.mutate({
                  op: 'reorder',
                  kind: 'modules',
                  ids: moved(
                    modules.map((x) => x.id),
                    index,
                    step,
                  ),
                })
              }
            />
            <div className="catalogue-children">
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
