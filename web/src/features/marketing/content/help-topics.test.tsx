import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from './help-topics';

const answerOf = (question: string) => {
  const item = HELP_TOPICS.flatMap((topic) => topic.items).find((i) => i.question === question);
  if (!item) throw new Error(`No help question '${question}'`);
  render(<MemoryRouter>{item.answer}</MemoryRouter>);
  return document.body.textContent ?? '';
};

describe('HELP_TOPICS', () => {
  it('describes the growing delay after failed passwords, not a 30-minute lock', () => {
    const text = answerOf('Me pide esperar antes de volver a intentarlo');
    // functions/domains/identity/model/lockout.ts: 4 free failures, then 30 s doubling up to 15 min.
    expect(text).toMatch(/cuatro primeros intentos fallidos/);
    expect(text).toMatch(/esperar 30 segundos/);
    expect(text).toMatch(/duplica la espera, hasta un máximo de 15 minutos/);
    expect(text).toMatch(/si restableces la contraseña la espera\s+desaparece/);
    expect(text).not.toMatch(/30 minutos|se bloquea durante/);
  });

  it('no answer promises a lock-out any more', () => {
    const questions = HELP_TOPICS.flatMap((topic) => topic.items.map((i) => i.question));
    expect(questions).not.toContain('Mi cuenta está bloqueada temporalmente');
  });

  it('points a person who fears an intrusion to closing every session', () => {
    answerOf('Creo que alguien ha entrado en mi cuenta');
    expect(screen.getByText(/«Cerrar sesión en\s+todos los dispositivos»/)).toBeTruthy();
  });
});
