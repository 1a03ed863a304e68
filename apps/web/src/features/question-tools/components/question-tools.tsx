import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SidePanel } from '../../../components/ui/side-panel';
import { Spinner } from '../../../components/ui/spinner';
import '../locale';
import '../question-tools.css';

const NotePanel = lazy(() => import('./note-panel'));
const ImagesPanel = lazy(() => import('./images-panel'));
const PlaylistPanel = lazy(() => import('./playlist-panel'));
const ReportPanel = lazy(() => import('./report-panel'));

const TOOLS = ['note', 'images', 'playlist', 'report'] as const;
type Tool = (typeof TOOLS)[number];

/** A tool named in a link (`?tool=note`), or null. */
export const toolOf = (name: string | null): Tool | null =>
  TOOLS.find((tool) => tool === name) ?? null;

export type ToolsQuestion = { id: number; has_note: boolean; playlists: number[] };
export type ToolsChange = Partial<Pick<ToolsQuestion, 'has_note' | 'playlists'>>;

type Props = {
  question: ToolsQuestion;
  /** The player writes changes of has_note / playlists into its cached question. */
  onChange?: (change: ToolsChange) => void;
  /** The tool open at first (a link from a leech: its note, or the playlists). */
  initialTool?: Tool | null;
};

/** The tools beside a question: note, own images, playlists, report. Each opens a side panel. */
export function QuestionTools({
  question: given,
  onChange = () => undefined,
  initialTool = null,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Tool | null>(initialTool);
  // What changed here shows at once, even where the caller keeps no cache (exam review).
  const [changed, setChanged] = useState<ToolsChange>({});
  const question = { ...given, ...changed };
  const change = (next: ToolsChange) => {
    setChanged((current) => ({ ...current, ...next }));
    onChange(next);
  };
  const titles: Record<Tool, string> = {
    note: t('tools.notes-title'),
    images: t('tools.images-title'),
    playlist: t('tools.playlists-title'),
    report: t('tools.report-title'),
  };
  const button = (tool: Tool, label: string, active = false) => (
    <Button
      variant="secondary"
      className={active ? 'tool-button is-active' : 'tool-button'}
      aria-haspopup="dialog"
      onClick={() => setOpen(tool)}
    >
      {label}
    </Button>
  );
  return (
    <div className="question-tools" role="group" aria-label={t('tools.label')}>
      {button(
        'note',
        question.has_note ? t('tools.note') + ' ✓' : t('tools.note'),
        question.has_note,
      )}
      {button('images', t('tools.images'))}
      {button(
        'playlist',
        question.playlists.length
          ? t('tools.playlist-count', { count: question.playlists.length })
          : t('tools.playlist'),
        question.playlists.length > 0,
      )}
      {button('report', t('tools.report'))}
      <SidePanel
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? titles[open] : ''}
        closeLabel={t('tools.close')}
      >
        <Suspense fallback={<Spinner label={t('tools.loading')} />}>
          {open === 'note' ? (
            <NotePanel
              question={question.id}
              onCount={(count) => change({ has_note: count > 0 })}
            />
          ) : null}
          {open === 'images' ? <ImagesPanel question={question.id} /> : null}
          {open === 'playlist' ? (
            <PlaylistPanel
              question={question.id}
              playlists={question.playlists}
              onChange={(playlists) => change({ playlists })}
            />
          ) : null}
          {open === 'report' ? <ReportPanel question={question.id} /> : null}
        </Suspense>
      </SidePanel>
    </div>
  );
}
