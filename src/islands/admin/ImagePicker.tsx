import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from 'react';
import { MAX_PRODUCT_IMAGES } from '../../domain/admin/product-form.ts';
import {
  type ImageItem,
  moveItem,
  PRODUCT_FORM_TEXT,
  pickedFilesProblem,
  removeItem,
} from '../../domain/admin/product-form-state.ts';
import { compressImage, uploadImage } from './image-upload.ts';

type Props = {
  inputId: string;
  items: ImageItem[];
  setItems: Dispatch<SetStateAction<ImageItem[]>>;
  /** The form's own check on submit (too many images). */
  error?: string | undefined;
};

let uploadCounter = 0;

/**
 * Up to two product images: dropped or picked, compressed and uploaded at once with progress,
 * reordered by dragging (mouse, touch or keyboard through dnd-kit) and removable.
 */
export default function ImagePicker({ inputId, items, setItems, error }: Props) {
  const [message, setMessage] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const dndId = useId();
  const hintId = useId();
  const messageId = useId();
  // Picks may follow each other before React renders the first one's items.
  const held = useRef(items.length);
  held.current = items.length;
  const uploads = useRef(new Map<string, AbortController>());
  // Previews still on screen: a backend that shows an upload only once it is on a product (Shopify)
  // answers no URL, so the browser's own preview stays until the form goes away.
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const running = uploads.current;
    const shown = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of shown) URL.revokeObjectURL(url);
    };
  }, []);

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // For browsers whose touches raise no pointer events.
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const update = (key: string, patch: Partial<ImageItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  async function send(file: File) {
    uploadCounter += 1;
    const key = `upload-${Date.now()}-${uploadCounter}`;
    const controller = new AbortController();
    uploads.current.set(key, controller);
    setItems((current) => [
      ...current,
      { key, name: file.name, url: '', mediaId: null, status: 'compressing', progress: 0 },
    ]);
    let preview = '';
    try {
      const compressed = await compressImage(file, controller.signal);
      preview = URL.createObjectURL(compressed);
      update(key, { status: 'uploading', url: preview });
      const media = await uploadImage(compressed, (progress) => update(key, { progress }), controller.signal);
      const shown = media.url || preview;
      if (!media.url) {
        previews.current.add(preview);
        preview = ''; // kept, not revoked below
      }
      update(key, { status: 'ready', url: shown, mediaId: media.id, progress: 1 });
    } catch (failure) {
      setItems((current) => current.filter((item) => item.key !== key));
      if (!controller.signal.aborted)
        setMessage(failure instanceof Error ? failure.message : String(failure));
    } finally {
      uploads.current.delete(key);
      if (preview) URL.revokeObjectURL(preview);
    }
  }

  const addFiles = (list: FileList | null | undefined, failure: string) => {
    try {
      const files = Array.from(list ?? []);
      if (files.length === 0) return;
      const problem = pickedFilesProblem(files, held.current);
      if (problem) return setMessage(problem);
      setMessage(null);
      held.current += files.length;
      for (const file of files) void send(file);
    } catch {
      setMessage(failure);
    }
  };

  const remove = (key: string) => {
    try {
      if (!removeItem(items, key)) return setMessage(PRODUCT_FORM_TEXT.removeFailed);
      uploads.current.get(key)?.abort();
      setItems((current) => removeItem(current, key) ?? current);
      setMessage(null);
    } catch {
      setMessage(PRODUCT_FORM_TEXT.removeFailed);
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    try {
      if (!over || active.id === over.id) return;
      const from = String(active.id);
      const to = String(over.id);
      if (!moveItem(items, from, to)) return setMessage(PRODUCT_FORM_TEXT.moveFailed);
      setItems((current) => moveItem(current, from, to) ?? current);
    } catch {
      setMessage(PRODUCT_FORM_TEXT.moveFailed);
    }
  };

  const position = (id: string | number) => items.findIndex((item) => item.key === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Πιάσατε την εικόνα ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Η εικόνα ${position(active.id)} πάει στη θέση ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `Η εικόνα ${position(active.id)} αφέθηκε στη θέση ${position(over.id)}.` : undefined,
    onDragCancel: () => 'Η μετακίνηση ακυρώθηκε.',
  };

  const describedBy = [hintId, message ? messageId : '', error ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">Εικόνες (έως {MAX_PRODUCT_IMAGES})</legend>
      <section
        aria-label="Απόθεση εικόνων"
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragOver(false);
          addFiles(event.dataTransfer?.files, PRODUCT_FORM_TEXT.dropFailed);
        }}
        className={`flex flex-col items-center gap-2 rounded-card border-2 border-dashed px-4 py-5 text-center ${
          dragOver ? 'border-accent bg-mist' : 'border-line'
        }`}
      >
        <p className="text-sm text-muted">Σύρετε και αφήστε εικόνες εδώ ή</p>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={describedBy}
          className="peer sr-only"
          onChange={(event) => {
            addFiles(event.target.files, PRODUCT_FORM_TEXT.pickFailed);
            event.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-ink px-5 text-sm font-semibold hover:bg-ink hover:text-paper peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent"
        >
          Επιλογή εικόνων
        </label>
        <p id={hintId} className="text-xs text-muted">
          JPG, PNG κλπ, έως 5MB η καθεμία. Η πρώτη εικόνα είναι η κύρια· σύρετε για αλλαγή σειράς.
        </p>
      </section>
      {message ? (
        <p id={messageId} role="alert" className="mt-2 text-sm text-danger">
          {message}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {items.length > 0 ? (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'Για μετακίνηση πατήστε Space ή Enter, αλλάξτε θέση με τα βέλη και πατήστε ξανά Space ή Enter. Escape για ακύρωση.',
            },
          }}
        >
          <SortableContext items={items.map((item) => item.key)} strategy={rectSortingStrategy}>
            <ul aria-label="Επιλεγμένες εικόνες" className="mt-3 grid max-w-md grid-cols-2 gap-3">
              {items.map((item, index) => (
                <SortableImage key={item.key} item={item} index={index} onRemove={remove} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : null}
    </fieldset>
  );
}

function SortableImage({
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
