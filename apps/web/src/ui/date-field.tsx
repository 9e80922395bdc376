/**
 * Date entry as mm/dd/yyyy text with a calendar popover. The form value is YYYY-MM-DD; text that is
 * not a date stays in the form as typed so submit is blocked with the spec's date-format message.
 */
import '@mantine/dates/styles.css';
import { formatDate, isUnknownValue, MSG, parseUsDate } from '@dd/shared';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type BaseFieldProps, fieldOptions, inputProps } from './field-props';
import { useFormField } from './form-context';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type DateOutputMode = 'date' | 'time' | 'datetime';

const OUTPUT_FORMATS: Record<DateOutputMode, string> = {
  date: 'YYYY-MM-DD',
  time: 'hh:mm A',
  datetime: 'MM/DD/YYYY hh:mm A',
};

/** Spec section 5: YYYY-MM-DD for a date only, hh:mm A for a time only, otherwise MM/DD/YYYY hh:mm A. */
export function formatDateOutput(date: Date | string | number, mode: DateOutputMode): string {
  const value = dayjs(date);
  return value.isValid() ? value.format(OUTPUT_FORMATS[mode]) : '';
}

export interface DateFieldProps extends BaseFieldProps<string> {
  /** Earliest and latest dates offered by the calendar, YYYY-MM-DD. */
  minDate?: string;
  maxDate?: string;
  /** Also accept NA (unknown), as the client form's fields do. */
  allowUnknown?: boolean;
}

/** The message for a typed value that is not a date, or undefined when it is fine or blank. */
function dateFieldError(value: unknown, allowUnknown = false): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || ISO_DATE.test(value)) return undefined;
  if (allowUnknown && isUnknownValue(value)) return undefined;
  return MSG.dateFormat;
}

export function DateField(props: DateFieldProps) {
  const { onChange, validate } = props;
  const field = useFormField<string>(props.name, {
    ...fieldOptions(props),
    // Outside a form, listeners only hear about real dates or a cleared box.
    onChange: (value) => {
      if (value === '' || ISO_DATE.test(value)) onChange?.(value);
    },
    validate: (value) => dateFieldError(value, props.allowUnknown) ?? validate?.(value as string | undefined),
  });
  const value = field.value ?? '';
  const [text, setText] = useState(() => (ISO_DATE.test(value) ? formatDate(value) : value));
  const [calendarOpen, setCalendarOpen] = useState(false);

  // Follow value changes made elsewhere (calendar, reset, initial values).
  useEffect(() => {
    setText((current) => {
      const represented = parseUsDate(current) ?? current;
      if (represented === value) return current;
      return ISO_DATE.test(value) ? formatDate(value) : value;
    });
  }, [value]);

  const onType = (next: string) => {
    setText(next);
    field.setValue(next.trim() === '' ? '' : (parseUsDate(next) ?? next));
  };

  const pick = (date: string | null) => {
    field.setValue(date ?? '');
    setCalendarOpen(false);
  };

  const calendarLabel = props.label ? `Choose ${props.label} from calendar` : 'Choose date from calendar';
  return (
    <TextInput
      {...inputProps(props, field)}
      placeholder={props.placeholder ?? 'mm/dd/yyyy'}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(event) => onType(event.currentTarget.value)}
      onBlur={() => field.setError(dateFieldError(field.value, props.allowUnknown))}
      rightSection={
        <Popover opened={calendarOpen} onChange={setCalendarOpen} position="bottom-end" shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={calendarLabel}
              disabled={props.disabled}
              onClick={() => setCalendarOpen((open) => !open)}
            >
              <IconCalendar size={18} stroke={1.6} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              value={ISO_DATE.test(value) ? value : null}
              defaultDate={ISO_DATE.test(value) ? value : undefined}
              minDate={props.minDate}
              maxDate={props.maxDate}
              onChange={pick}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
