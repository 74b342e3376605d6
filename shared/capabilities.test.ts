import { describe, expect, it } from 'vitest';
import {
  type Availability,
  availability,
  CAPABILITIES,
  type Capability,
  capabilityCatalogue,
  capabilityRegistry,
  claimTexts,
  spanishList,
  unavailableCapabilities,
} from './capabilities';

describe('capabilities', () => {
  it('lists what works on main today and what does not', () => {
    expect(CAPABILITIES.filter((c) => availability[c])).toEqual([
      'invoicing',
      'expenses',
      'customers',
      'verifactu',
      'recurringInvoices',
      'importExport',
      'notifications',
      'clientPortalInvoices',
      'companyUsers',
      'fiscalCalendar',
      'taxModels',
      'incomeTaxModels',
      'sii',
      'ocr',
      'smartInbox',
      'accounting',
      'banking',
      'emailDigest',
      'meetings',
      'clientPortalDocuments',
      'clientMessaging',
    ]);
    expect(unavailableCapabilities()).toEqual(expect.arrayContaining(['payroll', 'advisorAnalytics']));
  });

  it('shows a claim only when every area it needs is available', () => {
    const claims = [
      { text: 'facturas', needs: ['invoicing'] as const },
      { text: 'Nóminas y facturas', needs: ['payroll', 'invoicing'] as const },
      { text: 'siempre', needs: [] as const },
    ];

    expect(claimTexts(claims)).toEqual(['facturas', 'siempre']);
    const flipped: Availability = { ...availability, payroll: true };
    expect(capabilityRegistry(flipped).claimTexts(claims)).toEqual([
      'facturas',
      'Nóminas y facturas',
      'siempre',
    ]);
    expect(capabilityRegistry(flipped).isAvailable('payroll')).toBe(true);
  });

  it("each area's pattern catches the claims it is meant to catch", () => {
    const claimsOf: Partial<Record<Capability, string[]>> = {
      taxModels: ['Modelos de la AEAT', 'el modelo 303 de cada trimestre', 'los modelos trimestrales'],
      fiscalCalendar: ['Calendario fiscal con avisos', 'te avisa antes de cada plazo'],
      sii: ['SII y VeriFacTu', 'Suministro Inmediato de Información'],
      accounting: ['Contabilidad según el PGC', 'balance y cuenta de resultados'],
      payroll: ['Nóminas y seguros sociales'],
      banking: ['Conciliación bancaria', 'extractos Norma 43', 'bancos por PSD2', 'Tesorería'],
      ocr: ['lectura automática (OCR)'],
      smartInbox: ['el buzón inteligente', 'la bandeja inteligente'],
      emailDigest: ['Un resumen diario de lo no leído'],
      clientPortalDocuments: ['suben sus documentos', 'revisión de documentos'],
      clientMessaging: [
        'Mensajería con la gestoría',
        'Compartir documentos y mensajes entre la gestoría y sus clientes.',
        'Chat con tu gestor',
      ],
      prioritySupport: ['Soporte prioritario'],
    };
    for (const [capability, texts] of Object.entries(claimsOf)) {
      for (const text of texts)
        expect(text).toMatch(capabilityCatalogue[capability as Capability].claimPattern);
    }
    // ...and leaves alone the words of what works.
    for (const innocent of [
      'Facturas emitidas y recibidas con VeriFacTu',
      'Transferencia bancaria',
      'reenvía el registro desde el historial de VeriFacTu',
      'Importe total 1.303,00 €',
      'Los mensajes recibidos fuera de horario se atienden el siguiente día laborable.',
      'La aplicación, los mensajes de error, la ayuda y el soporte, en español',
    ]) {
      for (const capability of unavailableCapabilities()) {
        expect(innocent).not.toMatch(capabilityCatalogue[capability].claimPattern);
      }
    }
  });

  it('writes Spanish lists', () => {
    expect(spanishList([])).toBe('');
    expect(spanishList(['a'])).toBe('a');
    expect(spanishList(['a', 'b', 'c'])).toBe('a, b y c');
  });
});
