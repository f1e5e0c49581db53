import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { sk } from '../i18n/sk.ts';
import { SearchIcon } from './icons.tsx';

type Props = { value: string; onChange: (value: string) => void; placeholder?: string };

/** The search box above a table; pair with useSearchableTable (debounced there). */
export function SearchInput({ value, onChange, placeholder = sk.common.search }: Props) {
  return (
    <InputGroup className="search-input">
      <InputGroup.Text aria-hidden="true">
        <SearchIcon />
      </InputGroup.Text>
      <Form.Control
        type="search"
        value={value}
        placeholder={placeholder}
        aria-label={sk.common.searchLabel}
        onChange={(e) => onChange(e.target.value)}
      />
    </InputGroup>
  );
}
