import type { Scope } from '@qbank/contract/review';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { allCoursesQueryOptions, modulesListQueryOptions } from '../../../lib/catalogue-lists';
import '../../../lib/i18n-learning';

const valueOf = (scope: Scope) =>
  scope.course !== undefined
    ? `course:${scope.course}`
    : scope.module !== undefined
      ? `module:${scope.module}`
      : '';

function scopeOf(value: string): Scope {
  const [kind, id] = value.split(':');
  if (kind === 'course') return { course: Number(id) };
  if (kind === 'module') return { module: Number(id) };
  return {};
}

/** Everything, one module or one of its courses: what a queue, shelf or run is limited to. */
export function ScopeSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Scope;
  onChange: (scope: Scope) => void;
}) {
  const { t } = useTranslation();
  const modules = useQuery(modulesListQueryOptions);
  const courses = useQuery(allCoursesQueryOptions);
  return (
    <div className="review-scope">
      <label htmlFor={id}>{t('review.scope-label')}</label>
      <select id={id} value={valueOf(value)} onChange={(e) => onChange(scopeOf(e.target.value))}>
        <option value="">{t('review.scope-all')}</option>
        {modules.data?.map((m) => (
          <optgroup key={m.id} label={m.name}>
            <option value={`module:${m.id}`}>{m.name}</option>
            {courses.data
              ?.filter((c) => c.module === m.id)
              .map((c) => (
                <option key={c.id} value={`course:${c.id}`}>
                  {`— ${c.name}`}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
