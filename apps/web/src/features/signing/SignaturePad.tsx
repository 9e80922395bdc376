/**
 * A signature drawn with a finger, a pen or a mouse on a canvas, handed up as a PNG data URL once a stroke
 * ends. Typing the name is the accessible alternative (the signing screen offers both).
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { type PointerEvent, useEffect, useRef } from 'react';

const HEIGHT = 160;

export function SignaturePad({ onChange }: { onChange: (png: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    // Sharp lines on high-density phone screens: draw at the device's pixel ratio.
    const ratio = window.devicePixelRatio || 1;
    el.width = el.clientWidth * ratio;
    el.height = HEIGHT * ratio;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1f2933';
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const { x, y } = point(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const { x, y } = point(e);
    ctx?.lineTo(x, y);
    ctx?.stroke();
  };
  const end = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    drawn.current = true;
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const el = canvas.current;
    el?.getContext('2d')?.clearRect(0, 0, el.width, el.height);
    drawn.current = false;
    onChange(null);
  };

  return (
    <div>
      <Paper withBorder radius="md" bg="gray.0" style={{ touchAction: 'none' }}>
        <canvas
          ref={canvas}
          aria-label="Signature pad: draw your signature here"
          role="img"
          data-testid="signature-pad"
          style={{ width: '100%', height: HEIGHT, display: 'block', cursor: 'crosshair' }}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerLeave={end}
        />
      </Paper>
      <Group justify="space-between" mt={6}>
        <Text size="sm" c="dimmed">
          Sign with your finger or mouse.
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={clear}>
          Clear
        </Button>
      </Group>
    </div>
  );
}
