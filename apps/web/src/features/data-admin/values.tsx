import { type AdminField, formatDate, formatMoney } from '@dd/shared';
import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** How a record's value reads in a list: relations by their record's name, booleans as Yes/No, money as
 *  $1,234.50. */
export function showValue(field: AdminField, record: Record<string, unknown>): ReactNode {
  const value = record[field.name];
  if (value === null || value === undefined || value === '')
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  switch (field.type) {
    case 'boolean':
      return (
        <Badge variant="light" color={value ? 'green' : 'gray'} size="sm">
          {value ? 'Yes' : 'No'}
        </Badge>
      );
    case 'relation':
      return String(record[`${field.name}__label`] ?? `#${value}`);
    case 'date':
    case 'datetime':
      return formatDate(String(value));
    case 'decimal':
      return field.money ? formatMoney(String(value)) : String(value);
    default: {
      const text = String(value);
      return text.length > 80 ? `${text.slice(0, 77)}...` : text;
    }
  }
}
