import type { MockExam } from '@qbank/contract/mock-exams';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { SwitchField } from '../../../components/ui/switch-field';
import {
  mailListsQueryOptions,
  mocksQueryOptions,
  useSetMailList,
  useStartMock,
} from '../api/papers';

/** The mock exams open to the learner: when they open, a way in, and the result once out. */
export function MockExamsSection() {
  const { t, i18n } = useTranslation('papers');
  const mocks = useQuery(mocksQueryOptions);
  const start = useStartMock();
  const navigate = useNavigate();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const at = (iso: string) => when.format(new Date(iso));

  const action = (exam: MockExam) => {
    const attempt = exam.attempt;
    if (attempt?.submitted_at) {
      return exam.results_out ? (
        <Link className="btn btn-primary" to={`/papers/attempts/${attempt.id}/result`}>
          {t('see-result')}
        </Link>
      ) : (
        <span>{t('mock-results-on', { at: at(exam.results_at) })}</span>
      );
    }
    if (exam.status === 'upcoming')
      return <span>{t('mock-upcoming', { at: at(exam.opens_at) })}</span>;
    if (exam.status === 'closed') return <span>{t('mock-closed')}</span>;
    return (
      <Button
        loading={start.isPending && start.variables === exam.id}
        onClick={() =>
          start.mutate(exam.id, {
            onSuccess: (a) => void navigate(`/papers/attempts/${a.id}`),
          })
        }
      >
        {attempt ? t('resume') : t('mock-start')}
      </Button>
    );
  };

  return (
    <section aria-labelledby="mocks-title">
      <h2 id="mocks-title">{t('mocks-title')}</h2>
      <OpeningMailSwitch />
      <FormAlert>
        {start.error instanceof ApiError ? start.error.messages.join(' ') : null}
      </FormAlert>
      {mocks.data?.length === 0 ? <p>{t('mocks-empty')}</p> : null}
      <ul className="paper-list" aria-label={t('mocks-title')}>
        {mocks.data?.map((exam) => (
          <li key={exam.id} className="paper-item" data-mock-id={exam.id}>
            <div className="paper-main">
              <h3>{exam.title}</h3>
              <p>
                {t('mock-facts', {
                  count: exam.questions_count,
                  minutes: exam.duration_minutes,
                  opens: at(exam.opens_at),
                  closes: at(exam.closes_at),
                })}
              </p>
            </div>
            <div className="actions">{action(exam)}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Mail me when a mock exam opens": off until the learner turns it on. */
function OpeningMailSwitch() {
  const { t } = useTranslation('papers');
  const lists = useQuery(mailListsQueryOptions);
  const set = useSetMailList();
  const setting = lists.data?.find((l) => l.list === 'mock_exam_opens');
  if (!setting) return null;
  return (
    <>
      <SwitchField
        label={t('mock-mail-label')}
        description={t('mock-mail-hint')}
        checked={set.isPending ? set.variables.subscribed : setting.subscribed}
        onChange={(subscribed) => set.mutate({ list: 'mock_exam_opens', subscribed })}
      />
      <FormAlert>{set.error instanceof ApiError ? set.error.messages.join(' ') : null}</FormAlert>
    </>
  );
}
