import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The search box of the staff lists: the text is applied (to the URL) when submitted. */
export function StaffSearch({
  id,
  label,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  value: string | null | undefined;
  onSearch: (search: string | undefined) => void;
}) {
  const { t } = useTranslation('staff');
  const [text, setText] = useState(value ?? '');
  return (
    <form
      role="search"
      className="staff-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim() || undefined);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="secondary">
        {t('actions.search')}
      </Button>
    </form>
  );
}
