import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { PlaylistItemDetail } from '@qbank/contract/personal';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { QuestionLink } from './question-summary';

type Props = {
  items: PlaylistItemDetail[];
  onReorder: (items: PlaylistItemDetail[]) => void;
  onRemove: (id: number) => void;
};

/** The playlist's questions, reordered by dragging a handle or with the keyboard (@dnd-kit). */
export function SortableItems({ items, onReorder, onRemove }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => items.findIndex((i) => i.id === Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('lists.playlists.picked', { position: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? t('lists.playlists.moved', { position: position(over.id), count: items.length })
        : t('lists.playlists.picked', { position: position(active.id) }),
    onDragEnd: ({ over }) =>
      over ? t('lists.playlists.dropped', { position: position(over.id) }) : '',
    onDragCancel: () => t('lists.playlists.cancelled'),
  };

  function end({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === Number(active.id));
    const to = items.findIndex((i) => i.id === Number(over.id));
    onReorder(arrayMove(items, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('lists.playlists.drag-help') },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className="list-rows sortable-list" aria-label={t('lists.playlists.title')}>
          {items.map((item, index) => (
            <SortableRow key={item.id} item={item} index={index} onRemove={onRemove} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  index,
  onRemove,
}: {
  item: PlaylistItemDetail;
  index: number;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      className={`list-row sortable-row${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-item-id={item.id}
      data-question-id={item.question}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        aria-label={t('lists.playlists.drag', { position: index + 1 })}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="row-position" aria-hidden="true">
        {index + 1}.
      </span>
      <QuestionLink id={item.question} stem={item.question_detail.stem} />
      <Button variant="secondary" onClick={() => onRemove(item.id)}>
        {t('lists.playlists.remove')}
      </Button>
    </li>
  );
}
