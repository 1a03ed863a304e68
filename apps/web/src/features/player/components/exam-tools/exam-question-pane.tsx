import type { Question } from '@qbank/contract/questions';
import { ExamToolsBar } from './exam-tools-bar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { ChoiceList, QuestionStem } from '../../../../components/question-content';
import { QuestionNavigator } from './question-navigator';
import type { ExamTools } from './use-exam-tools';
import '../../../../lib/i18n-learning';

type Props = {
  /** The navigator's accessible name and the question card's. */
  navigatorLabel: string;
  cardLabel: string;
  /** Every question of the run, in order, and the one shown. */
  questions: readonly { id: number }[];
  index: number;
  onGo: (index: number) => void;
  answered: (index: number) => boolean;
  flags: Record<string, unknown>;
  /** The question shown, its choices in display order and the ticked ones. */
  question: Question;
  choices: Question['choices'];
  selected: readonly number[];
  onToggle: (choiceId: number) => void;
  name: string;
  tools: ExamTools;
  attachStem: (node: HTMLElement | null) => void;
  /** Above the tools (a position line), below the choices (confidence), beside next. */
  header?: ReactNode;
  footer?: ReactNode;
  actions?: ReactNode;
};

/**
 * One question of a timed run with the exam tools (the exam runner and a paper's sitting):
 * the navigator, the question card with its tools, stem and choices, previous and next.
 */
export function ExamQuestionPane({
  navigatorLabel,
  cardLabel,
  questions,
  index,
  onGo,
  answered,
  flags,
  question,
  choices,
  selected,
  onToggle,
  name,
  tools,
  attachStem,
  header,
  footer,
  actions,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <QuestionNavigator
        label={navigatorLabel}
        items={questions.map((q, k) => ({
          n: k + 1,
          answered: answered(k),
          flagged: flags[String(q.id)] !== undefined,
          current: k === index,
        }))}
        onJump={(n) => onGo(n - 1)}
      />
      <article className="question-card" data-question-id={question.id} aria-label={cardLabel}>
        {header}
        <ExamToolsBar tools={tools} />
        <div ref={attachStem}>
          <QuestionStem question={question} />
        </div>
        <ChoiceList
          question={question}
          choices={choices}
          selected={selected}
          onToggle={onToggle}
          name={name}
          struck={tools.struck}
          onStrike={tools.strike}
        />
        {footer}
        <div className="player-nav">
          <Button variant="secondary" disabled={index === 0} onClick={() => onGo(index - 1)}>
            {t('player.previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={index >= questions.length - 1}
            onClick={() => onGo(index + 1)}
          >
            {t('player.next')}
          </Button>
          {actions}
        </div>
      </article>
    </>
  );
}
