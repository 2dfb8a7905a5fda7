import type { DragEndEvent } from '@dnd-kit/core';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import {
  type ImageItem,
  moveItem,
  PRODUCT_FORM_TEXT,
  pickedFilesProblem,
  removeItem,
} from '../../domain/admin/product-form-state.ts';
import { compressImage, uploadImage } from './image-upload.ts';

let uploadCounter = 0;

/**
 * The image picker's work: each picked or dropped file compressed and uploaded at once, with its
 * progress on its item; removing aborts an upload; a drag reorders. `message` says what went wrong.
 */
export function useImageUploads(items: ImageItem[], setItems: Dispatch<SetStateAction<ImageItem[]>>) {
  const [message, setMessage] = useState<string | null>(null);
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

  return { message, addFiles, remove, onDragEnd };
}
