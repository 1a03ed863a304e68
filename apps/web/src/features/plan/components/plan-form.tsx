import type { Module } from '@qbank/contract/catalogue';
import type { StudyPlan } from '@qbank/contract/study-plan';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeletePlan, useSavePlan } from '../api/plan';
import { shortDate } from './plan-days-table';
import '../i18n';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The exam date, days off, modules and the reminder; saved together. */
export function PlanForm({ plan, modules }: { plan: StudyPlan | null; modules: Module[] }) {
  const { t } = useTranslation('plan');
  const save = useSavePlan(() => notify('success', t('saved')));
  const remove = useDeletePlan(() => notify('success', t('deleted')));
  const [examDate, setExamDate] = useState(plan?.exam_date ?? '');
  const [weekdays, setWeekdays] = useState<number[]>(plan?.weekdays_off ?? []);
  const [dates, setDates] = useState<string[]>(plan?.dates_off ?? []);
  const [dateToAdd, setDateToAdd] = useState('');
  const [chosen, setChosen] = useState<number[] | null>(plan?.modules ?? null);
  const [reminder, setReminder] = useState(plan?.reminder ?? false);
  // The modules a plan may cover: those the subscription opens (known once a plan exists).
  const readable = modules.filter((m) => plan?.readable_modules.includes(m.id));
  const error = save.error instanceof ApiError ? save.error : null;

  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id].sort((a, b) => a - b);

  function addDate() {
    if (dateToAdd && !dates.includes(dateToAdd)) setDates([...dates, dateToAdd].sort());
    setDateToAdd('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        exam_date: examDate,
        weekdays_off: weekdays,
        dates_off: dates,
        modules: chosen,
        reminder,
      },
      { onSuccess: (saved) => setDates(saved.dates_off) },
    );
  }

  const fieldError = (field: string) =>
    error
      ?.fieldMessages(field)
      .concat(
        Object.keys(error.body as object)
          .filter((k) => k.startsWith(`${field}.`))
          .flatMap((k) => error.fieldMessages(k)),
      )
      .join(' ') || null;

  return (
    <form className="plan-form stats-card" onSubmit={submit} aria-labelledby="plan-form-title">
      <h2 id="plan-form-title">{t('form-title')}</h2>
      <div className="plan-field">
        <label htmlFor="plan-exam-date">{t('exam-date')}</label>
        <input
          id="plan-exam-date"
          type="date"
          required
          value={examDate}
          onChange={(e) => setExamDate(e.target.value)}
          aria-invalid={fieldError('exam_date') ? true : undefined}
          aria-describedby={fieldError('exam_date') ? 'plan-exam-date-error' : undefined}
        />
        {fieldError('exam_date') ? (
          <span id="plan-exam-date-error" className="field-error">
            {fieldError('exam_date')}
          </span>
        ) : null}
      </div>
      <fieldset>
        <legend>{t('weekdays-off')}</legend>
        <div className="plan-checks">
          {WEEKDAYS.map((day) => (
            <label key={day}>
              <input
                type="checkbox"
                checked={weekdays.includes(day)}
                onChange={() => setWeekdays(toggle(weekdays, day))}
              />
              {t(`weekday-${day}`)}
            </label>
          ))}
        </div>
        {fieldError('weekdays_off') ? (
          <p className="field-error">{fieldError('weekdays_off')}</p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('dates-off')}</legend>
        {dates.length ? (
          <ul className="plan-dates">
            {dates.map((date) => (
              <li key={date}>
                <time dateTime={date}>{shortDate(date)}</time>
                <Button
                  variant="link"
                  aria-label={t('remove-date', { date: shortDate(date) })}
                  onClick={() => setDates(dates.filter((d) => d !== date))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('no-dates-off')}</p>
        )}
        <div className="plan-add-date">
          <div className="plan-field">
            <label htmlFor="plan-date-off">{t('date-off-to-add')}</label>
            <input
              id="plan-date-off"
              type="date"
              value={dateToAdd}
              onChange={(e) => setDateToAdd(e.target.value)}
            />
          </div>
          <Button variant="secondary" onClick={addDate} disabled={!dateToAdd}>
            {t('add-date')}
          </Button>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('modules')}</legend>
        <label className="plan-check">
          <input
            type="checkbox"
            checked={chosen === null}
            onChange={(e) => setChosen(e.target.checked ? null : [])}
          />
          {t('modules-default')}
        </label>
        {chosen !== null ? (
          <div className="plan-checks">
            {readable.map((m) => (
              <label key={m.id}>
                <input
                  type="checkbox"
                  checked={chosen.includes(m.id)}
                  onChange={() => setChosen(toggle(chosen, m.id))}
                />
                {m.name}
              </label>
            ))}
          </div>
        ) : null}
        {plan && plan.readable_modules.length === 0 ? <p>{t('modules-none')}</p> : null}
        {fieldError('modules') ? <p className="field-error">{fieldError('modules')}</p> : null}
      </fieldset>
      <label className="plan-check">
        <input type="checkbox" checked={reminder} onChange={(e) => setReminder(e.target.checked)} />
        {t('reminder')}
      </label>
      <p className="field-hint">{t('reminder-hint')}</p>
      <FormAlert>{error && !fieldError('exam_date') ? error.messages.join(' ') : null}</FormAlert>
      <div className="plan-actions">
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        {plan ? (
          <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('delete')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
