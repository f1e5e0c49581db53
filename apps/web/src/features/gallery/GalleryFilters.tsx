import { galleryFilters } from '@app/contract';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ExportIcon } from '../../components/icons.tsx';
import { sk } from '../../i18n/sk.ts';
import type { AppliedFilters } from './gallery-url.ts';

type Props = {
  applied: AppliedFilters;
  onApply: (filters: AppliedFilters) => void;
  /** Absent when the user may not export (no EXPORT_GALLERY). */
  onExport?: (filters: AppliedFilters) => void;
  exporting: boolean;
};

/**
 * Text, date from, date to, Filtrovať and the export icon button (spec §2 Gallery screen). The
 * fields are checked with the contract's own rules before anything is sent. Remount it (key) when
 * the applied filters change elsewhere (back/forward) so the fields show them.
 */
export function GalleryFilters({ applied, onApply, onExport, exporting }: Props) {
  const [values, setValues] = useState(applied);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const id = useId();

  const checked = (): AppliedFilters | null => {
    const result = galleryFilters.safeParse(values);
    if (result.success) {
      setError(null);
      return { ...values, search: values.search.trim() };
    }
    const issue = result.error.issues[0];
    setError({ field: String(issue?.path[0] ?? 'dateTo'), message: issue?.message ?? '' });
    return null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f = checked();
    if (f) onApply(f);
  };

  const set = (key: keyof AppliedFilters) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const field = (key: keyof AppliedFilters, label: string, type: 'search' | 'date', placeholder?: string) => {
    const invalid = error?.field === key;
    return (
      <Form.Group className={`gallery-filter gallery-filter-${key}`} controlId={`${id}-${key}`}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Control
          type={type}
          value={values[key]}
          placeholder={placeholder}
          onChange={set(key)}
          isInvalid={invalid}
          aria-describedby={invalid ? `${id}-${key}-error` : undefined}
          max={type === 'date' ? '9999-12-31' : undefined}
        />
        {invalid ? (
          <Form.Control.Feedback type="invalid" id={`${id}-${key}-error`}>
            {error?.message}
          </Form.Control.Feedback>
        ) : null}
      </Form.Group>
    );
  };

  return (
    <Form
      className="gallery-filters card card-body mb-3"
      onSubmit={submit}
      aria-label={sk.gallery.filters}
      noValidate
    >
      {field('search', sk.gallery.search, 'search', sk.gallery.searchPlaceholder)}
      {field('dateFrom', sk.gallery.dateFrom, 'date')}
      {field('dateTo', sk.gallery.dateTo, 'date')}
      <div className="gallery-filter-actions">
        <Button type="submit" variant="primary">
          {sk.gallery.filter}
        </Button>
        {onExport ? (
          <Button
            type="button"
            variant="outline-primary"
            className="gallery-export-button"
            aria-label={sk.gallery.export}
            title={sk.gallery.export}
            disabled={exporting}
            onClick={() => {
              // What is typed is what gets exported, applied first so the list shows the same.
              const f = checked();
              if (f) onExport(f);
            }}
          >
            {exporting ? <Spinner size="sm" aria-hidden="true" /> : <ExportIcon />}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
