import type { ReactNode } from 'react';
import type { StylesConfig } from 'react-select';
import Async from 'react-select/async';

type Props<O> = {
  /** The id of the text input, for a `<label htmlFor>`. */
  inputId: string;
  /** Options for what was typed ('' when the menu first opens); called after the user pauses. */
  loadOptions: (input: string) => Promise<O[]>;
  value: O | null;
  onChange: (option: O | null) => void;
  placeholder: string;
  noOptionsText: string;
  loadingText: string;
  getOptionValue: (option: O) => string;
  getOptionLabel: (option: O) => string;
  formatOptionLabel?: (option: O) => ReactNode;
  autoFocus?: boolean;
};

// Colours react-select would draw too faintly for WCAG AA (4.5:1) are darkened to Bootstrap's.
const MUTED = '#5c636a';
const styles: StylesConfig<unknown, false> = {
  placeholder: (base) => ({ ...base, color: MUTED }),
  noOptionsMessage: (base) => ({ ...base, color: MUTED }),
  loadingMessage: (base) => ({ ...base, color: MUTED }),
  option: (base, state) => ({
    ...base,
    color: state.isSelected ? '#fff' : '#212529',
    backgroundColor: state.isSelected ? '#1f3a5f' : state.isFocused ? '#e7f1ff' : base.backgroundColor,
  }),
};

/**
 * A searchable dropdown whose options come from the server (react-select's AsyncSelect) with the
 * spec's defaults (§9): menu 140–300 px high, page size 5, options loaded on opening.
 */
export function AsyncSelect<O>(props: Props<O>) {
  return (
    <Async<O, false>
      inputId={props.inputId}
      cacheOptions
      defaultOptions
      loadOptions={props.loadOptions}
      value={props.value}
      onChange={(option) => props.onChange(option ?? null)}
      placeholder={props.placeholder}
      noOptionsMessage={() => props.noOptionsText}
      loadingMessage={() => props.loadingText}
      getOptionValue={props.getOptionValue}
      getOptionLabel={props.getOptionLabel}
      formatOptionLabel={props.formatOptionLabel}
      minMenuHeight={140}
      maxMenuHeight={300}
      pageSize={5}
      menuPlacement="auto"
      autoFocus={props.autoFocus}
      styles={styles as StylesConfig<O, false>}
    />
  );
}
