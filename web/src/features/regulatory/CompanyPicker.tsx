import { Select } from '@mantine/core';
import { useState } from 'react';
import { useCompanySearch } from './regulatory-queries';

/** A searchable company picker over the company list (first 20 matches of the typed name). */
export function CompanyPicker({ value, onChange, label }: { value: string | null; onChange: (id: string | null) => void; label: string }) {
  const [search, setSearch] = useState('');
  const companies = useCompanySearch(search);
  return (
    <Select
      searchable
      clearable
      size="xs"
      placeholder={label}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      data={(companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
      filter={({ options }) => options}
      w={260}
    />
  );
}
