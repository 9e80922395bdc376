/**
 * Rich text (HTML value) with the spec's toolbar: block styles H1-H6, Blockquote, bullet list,
 * ordered list, code block; inline Bold, Italic, Underline and Code (monospace); plus links.
 */
import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { type BaseFieldProps, fieldOptions } from './field-props';
import { useFormField } from './form-context';

export interface RichTextFieldProps extends Omit<BaseFieldProps<string>, 'placeholder'> {
  /** Minimum height of the editing area. @default 160 */
  minHeight?: number;
}

export function RichTextField(props: RichTextFieldProps) {
  const field = useFormField<string>(props.name, fieldOptions(props));
  const value = field.value ?? '';
  const labelId = `${field.id}-label`;
  const errorId = `${field.id}-error`;

  const editor = useEditor({
    // StarterKit 3 bundles Link and Underline; links do not navigate while editing.
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    editable: !props.disabled,
    onUpdate: ({ editor: current }) => field.setValue(current.isEmpty ? '' : current.getHTML()),
  });

  // Keep the editing surface labelled and linked to its error like any other input.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id: field.id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(props.required ? { 'aria-required': 'true' } : {}),
          ...(field.error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        },
      },
    });
  }, [editor, field.id, field.error, labelId, errorId, props.required]);

  // Follow value changes made elsewhere (initial values arriving later, form reset).
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      label={props.label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={props.description}
      required={props.required}
      error={field.error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        style={field.error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
            <RichTextEditor.H5 />
            <RichTextEditor.H6 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={props.minHeight ?? 160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
