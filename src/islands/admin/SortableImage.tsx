import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ImageItem } from '../../domain/admin/product-form-state.ts';

/** One picked image: its picture (drag it to reorder), upload progress, a move handle and remove. */
export default function SortableImage({
  item,
  index,
  onRemove,
}: {
  item: ImageItem;
  index: number;
  onRemove: (key: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.key });
  const number = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative min-w-0 rounded-card bg-paper ${isDragging ? 'z-10 shadow-card ring-2 ring-accent' : ''}`}
      data-image-key={item.key}
    >
      {/* Horizontal drags on the picture reorder; vertical swipes still scroll the page on phones. */}
      <div
        {...listeners}
        className="aspect-square touch-pan-y overflow-hidden rounded-card border border-line bg-mist"
      >
        {item.url ? (
          <img
            src={item.url}
            // A new upload is named by its file, so the owner can tell which picture is which.
            alt={item.key.startsWith('upload-') ? `Εικόνα ${number} (${item.name})` : `Εικόνα ${number}`}
            draggable={false}
            className="size-full object-contain"
          />
        ) : (
          <span className="grid size-full place-items-center text-sm text-muted">Συμπίεση...</span>
        )}
      </div>
      {index === 0 ? (
        <span className="absolute top-2 left-2 rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-paper">
          Κύρια
        </span>
      ) : null}
      {item.status === 'uploading' ? (
        <div className="mt-1 flex items-center gap-2 text-xs text-muted">
          <progress max={1} value={item.progress} aria-label={`Ανέβασμα ${item.name}`} className="w-full" />
          <span aria-hidden="true">{Math.round(item.progress * 100)}%</span>
        </div>
      ) : null}
      <div className="mt-1 flex justify-between gap-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Μετακίνηση εικόνας ${number}`}
          className="grid size-11 touch-none cursor-grab place-items-center rounded-full border border-line text-lg active:cursor-grabbing"
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <button
          type="button"
          onClick={() => onRemove(item.key)}
          aria-label={`Αφαίρεση εικόνας ${number}`}
          className="grid size-11 place-items-center rounded-full border border-line text-lg hover:border-danger hover:text-danger"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </li>
  );
}
