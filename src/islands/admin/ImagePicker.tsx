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
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { type Dispatch, type SetStateAction, useId, useState } from 'react';
import { MAX_PRODUCT_IMAGES } from '../../domain/admin/product-form.ts';
import { type ImageItem, PRODUCT_FORM_TEXT } from '../../domain/admin/product-form-state.ts';
import SortableImage from './SortableImage.tsx';
import { useImageUploads } from './useImageUploads.ts';

type Props = {
  inputId: string;
  items: ImageItem[];
  setItems: Dispatch<SetStateAction<ImageItem[]>>;
  /** The form's own check on submit (too many images). */
  error?: string | undefined;
};

/**
 * Up to two product images: dropped or picked, compressed and uploaded at once with progress,
 * reordered by dragging (mouse, touch or keyboard through dnd-kit) and removable.
 */
export default function ImagePicker({ inputId, items, setItems, error }: Props) {
  const { message, addFiles, remove, onDragEnd } = useImageUploads(items, setItems);
  const hintId = useId();
  const messageId = useId();
  const describedBy = [hintId, message ? messageId : '', error ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">Εικόνες (έως {MAX_PRODUCT_IMAGES})</legend>
      <DropZone inputId={inputId} hintId={hintId} describedBy={describedBy} addFiles={addFiles} />
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
      {items.length > 0 ? <ImageList items={items} onRemove={remove} onDragEnd={onDragEnd} /> : null}
    </fieldset>
  );
}

type DropZoneProps = {
  inputId: string;
  hintId: string;
  describedBy: string;
  addFiles: (list: FileList | null | undefined, failure: string) => void;
};

/** Drop files here, or pick them with the (visually hidden) file input behind the button-like label. */
function DropZone({ inputId, hintId, describedBy, addFiles }: DropZoneProps) {
  const [dragOver, setDragOver] = useState(false);
  return (
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
  );
}

type ListProps = {
  items: ImageItem[];
  onRemove: (key: string) => void;
  onDragEnd: (event: DragEndEvent) => void;
};

/** The picked images in order, sortable with the mouse, a finger or the keyboard; each move is spoken. */
function ImageList({ items, onRemove, onDragEnd }: ListProps) {
  const dndId = useId();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // For browsers whose touches raise no pointer events.
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => items.findIndex((item) => item.key === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Πιάσατε την εικόνα ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Η εικόνα ${position(active.id)} πάει στη θέση ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `Η εικόνα ${position(active.id)} αφέθηκε στη θέση ${position(over.id)}.` : undefined,
    onDragCancel: () => 'Η μετακίνηση ακυρώθηκε.',
  };

  return (
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
            <SortableImage key={item.key} item={item} index={index} onRemove={onRemove} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
