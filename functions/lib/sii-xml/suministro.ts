/**
 * The SII Suministro (alta A0 / modificación A1) and Baja (anulación) messages, written from the
 * neutral records of shared/schemas/sii.ts (built by shared/fiscal/sii-record.ts). Elements follow the
 * order of SuministroLR.xsd and SuministroInformacion.xsd v1.1; optional elements the records do not
 * carry are left out. A record the schema would refuse is refused here (SiiRecordError with its index),
 * before anything is sent: the AEAT rejects an invalid message whole (SOAP fault 4102).
 */

import type {
  SiiBreakdown,
  SiiCashRecord,
  SiiIntraEuRecord,
  SiiInvestmentRecord,
  SiiIssuedRecord,
  SiiReceivedRecord,
  SiiRecord,
  SiiVatDetail,
} from '@shared/schemas/sii';
import { SII_MAX_RECORDS_PER_MESSAGE } from '@shared/schemas/sii';
import { aeatDate, amount, boundedText, FieldError, node, oneOf, rate, SiiRecordError } from './format';
import { lineKey } from './line-key';
import {
  idFacturaAR,
  idFacturaConNombre,
  idFacturaExpedida,
  idFacturaRecibida,
  issuerNameOf,
  periodoLiquidacion,
  persona,
  type SiiHeader,
  s,
  sNode,
  titularES,
  versionSii,
} from './parts';
import { SII_SERVICE_DEFS, type SiiService, serviceOf, siiOperationOf } from './services';
import { SII_NS } from './soap';

export type SiiCommunication = 'A0' | 'A1';

const lr = (name: string, value: string) => node('siiLR', name, value);

/** ClaveTipoFacturaType. */
const INVOICE_TYPES = ['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5', 'F3', 'F4', 'F5', 'F6', 'LC', 'AJ'] as const;
/** IdOperacionesTrascendenciaTributariaType (v1.1: 01–17). */
const REGIME_KEYS = Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(2, '0'));
/** CausaExencionType (v1.1: E1–E6 only; VeriFacTu's E7 and E8 do not exist in the SII schema). */
const EXEMPT_CAUSES = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;
/** MedioPagoType. */
const PAYMENT_METHODS = ['01', '02', '03', '04', '05'] as const;
/** CountryMiembroType (EstadoMiembro of the OI book), as the v1.1 schema lists it. */
const MEMBER_STATES =
  'DE AT BE BG CZ CY HR DK SK SI ES EE FI FR GR HU IE IT LV LT LU MT NL PL PT GB RO SE'.split(' ');

/**
 * Macrodato = S for invoices of 100,000,000 € or more (AEAT SII validation rules; the XSD leaves the
 * flag optional and absent means N).
 */
const MACRODATO_CENTS = 100_000_000_00;

/** Up to `max` items, at least one. */
const count = <T>(field: string, items: readonly T[], max: number, min = 1): readonly T[] => {
  if (items.length < min) throw new FieldError(`${field} necesita al menos ${min} elemento.`);
  if (items.length > max)
    throw new FieldError(`${field} admite como máximo ${max} elementos (hay ${items.length}).`);
  return items;
};

// --- FacturaType: the part common to issued and received invoices ----------------------------------

const facturaComun = (r: SiiIssuedRecord | SiiReceivedRecord): string => {
  const type = oneOf('TipoFactura', INVOICE_TYPES, r.invoiceType);
  const rect = r.rectification;
  if (type.startsWith('R') && !rect)
    throw new FieldError(
      `Una factura rectificativa (${type}) necesita TipoRectificativa y las facturas rectificadas.`,
    );
  if (!type.startsWith('R') && rect)
    throw new FieldError(
      `Solo las facturas rectificativas (R1–R5) llevan datos de rectificación, no ${type}.`,
    );
  let rectification = '';
  if (rect) {
    const method = oneOf('TipoRectificativa', ['S', 'I'] as const, rect.method);
    const hasAmounts =
      rect.rectifiedBaseCents !== undefined ||
      rect.rectifiedVatCents !== undefined ||
      rect.rectifiedRecargoCents !== undefined;
    if (method === 'I' && hasAmounts)
      throw new FieldError('ImporteRectificacion solo se informa en las rectificativas por sustitución (S).');
    if (method === 'S' && (rect.rectifiedBaseCents === undefined || rect.rectifiedVatCents === undefined))
      throw new FieldError(
        'Una rectificativa por sustitución (S) necesita ImporteRectificacion: BaseRectificada y CuotaRectificada.',
      );
    rectification =
      s('TipoRectificativa', method) +
      (rect.rectified.length > 0
        ? sNode(
            'FacturasRectificadas',
            rect.rectified.map((id) => sNode('IDFacturaRectificada', idFacturaAR(id))).join(''),
          )
        : '') +
      (method === 'S'
        ? sNode(
            'ImporteRectificacion',
            s('BaseRectificada', amount('BaseRectificada', rect.rectifiedBaseCents!)) +
              s('CuotaRectificada', amount('CuotaRectificada', rect.rectifiedVatCents!)) +
              (rect.rectifiedRecargoCents !== undefined
                ? s('CuotaRecargoRectificado', amount('CuotaRecargoRectificado', rect.rectifiedRecargoCents))
                : ''),
          )
        : '');
  }
  const keys = count('ClaveRegimenEspecialOTrascendencia', r.regimeKeys, 3).map((k) =>
    oneOf('ClaveRegimenEspecialOTrascendencia', REGIME_KEYS, k),
  );
  return (
    s('TipoFactura', type) +
    rectification +
    (r.operationDate !== null ? s('FechaOperacion', aeatDate('FechaOperacion', r.operationDate)) : '') +
    s('ClaveRegimenEspecialOTrascendencia', keys[0]) +
    s('ClaveRegimenEspecialOTrascendenciaAdicional1', keys[1]) +
    s('ClaveRegimenEspecialOTrascendenciaAdicional2', keys[2]) +
    s('ImporteTotal', amount('ImporteTotal', r.totalCents)) +
    s('DescripcionOperacion', boundedText('DescripcionOperacion', r.description, 500)) +
    (Math.abs(r.totalCents) >= MACRODATO_CENTS ? s('Macrodato', 'S') : '')
  );
};

// --- FacturaExpedida: TipoDesglose ---------------------------------------------------------------

/** DetalleIVAEmitidaType (goods, or DesgloseFactura) / DetalleIVAEmitidaPrestacionType (services: no recargo). */
const detalleIvaEmitida = (d: SiiVatDetail, services: boolean): string => {
  if (d.investmentGood)
    throw new FieldError(
      'BienInversion solo existe en el desglose de las facturas recibidas (DetalleIVARecibidaType).',
    );
  const hasRecargo = d.recargoRateBp !== undefined || d.recargoCents !== undefined;
  if (hasRecargo && (d.recargoRateBp === undefined || d.recargoCents === undefined))
    throw new FieldError(
      'El recargo de equivalencia necesita a la vez TipoRecargoEquivalencia y CuotaRecargoEquivalencia.',
    );
  if (hasRecargo && services)
    throw new FieldError(
      'El desglose de prestación de servicios no admite recargo de equivalencia (DetalleIVAEmitidaPrestacionType).',
    );
  return sNode(
    'DetalleIVA',
    s('TipoImpositivo', rate('TipoImpositivo', d.rateBp)) +
      s('BaseImponible', amount('BaseImponible', d.baseCents)) +
      s('CuotaRepercutida', amount('CuotaRepercutida', d.vatCents)) +
      (hasRecargo
        ? s('TipoRecargoEquivalencia', rate('TipoRecargoEquivalencia', d.recargoRateBp!)) +
          s('CuotaRecargoEquivalencia', amount('CuotaRecargoEquivalencia', d.recargoCents!))
        : ''),
  );
};

/**
 * NoExenta: TipoNoExenta and one DesgloseIVA (at most 6 DetalleIVA). S3 (operations with and without
 * inversión del sujeto pasivo on one invoice) has, in v1.1, no separate block for each: its DetalleIVA
 * are those without ISP, then those with ISP (rate and quota 0), in the same DesgloseIVA.
 */
const noExentaContent = (n: NonNullable<SiiBreakdown['notExempt']>, services: boolean): string => {
  const type = oneOf('TipoNoExenta', ['S1', 'S2', 'S3'] as const, n.type);
  const isp = n.reverseChargeDetails ?? [];
  if (type === 'S3' && isp.length === 0)
    throw new FieldError('TipoNoExenta S3 necesita también el desglose con inversión del sujeto pasivo.');
  if (type !== 'S3' && isp.length > 0)
    throw new FieldError(
      `El desglose con inversión del sujeto pasivo junto al normal es TipoNoExenta S3, no ${type}.`,
    );
  const details = count('DesgloseIVA/DetalleIVA', [...n.details, ...isp], 6);
  return (
    s('TipoNoExenta', type) +
    sNode('DesgloseIVA', details.map((d) => detalleIvaEmitida(d, services)).join(''))
  );
};

/** TipoSinDesgloseType / TipoSinDesglosePrestacionType: Sujeta{Exenta, NoExenta}, NoSujeta. */
const desglose = (b: SiiBreakdown, services: boolean): string => {
  const exenta =
    b.exempt.length > 0
      ? sNode(
          'Exenta',
          count('Exenta/DetalleExenta', b.exempt, 7)
            .map((e) =>
              sNode(
                'DetalleExenta',
                s('CausaExencion', oneOf('CausaExencion', EXEMPT_CAUSES, e.cause)) +
                  s('BaseImponible', amount('BaseImponible', e.baseCents)),
              ),
            )
            .join(''),
        )
      : '';
  const noExenta = b.notExempt ? sNode('NoExenta', noExentaContent(b.notExempt, services)) : '';
  const noSujeta =
    b.notSubjectArt7_14Cents !== 0 || b.notSubjectLocationCents !== 0
      ? sNode(
          'NoSujeta',
          (b.notSubjectArt7_14Cents !== 0
            ? s(
                'ImportePorArticulos7_14_Otros',
                amount('ImportePorArticulos7_14_Otros', b.notSubjectArt7_14Cents),
              )
            : '') +
            (b.notSubjectLocationCents !== 0
              ? s(
                  'ImporteTAIReglasLocalizacion',
                  amount('ImporteTAIReglasLocalizacion', b.notSubjectLocationCents),
                )
              : ''),
        )
      : '';
  const sujeta = exenta || noExenta ? sNode('Sujeta', exenta + noExenta) : '';
  if (!sujeta && !noSujeta)
    throw new FieldError('El desglose de la factura no tiene ninguna base (sujeta o no sujeta).');
  return sujeta + noSujeta;
};

const tipoDesglose = (r: SiiIssuedRecord): string => {
  const b = r.breakdown;
  if (b.kind === 'INVOICE')
    return sNode('TipoDesglose', sNode('DesgloseFactura', desglose(b.invoice, false)));
  if (!b.services && !b.goods)
    throw new FieldError(
      'DesgloseTipoOperacion necesita la prestación de servicios, la entrega de bienes o ambas.',
    );
  return sNode(
    'TipoDesglose',
    sNode(
      'DesgloseTipoOperacion',
      (b.services ? sNode('PrestacionServicios', desglose(b.services, true)) : '') +
        (b.goods ? sNode('Entrega', desglose(b.goods, false)) : ''),
    ),
  );
};

const facturaExpedida = (r: SiiIssuedRecord): string =>
  facturaComun(r) +
  (r.counterparty ? sNode('Contraparte', persona('Contraparte', r.counterparty)) : '') +
  tipoDesglose(r);

// --- FacturaRecibida ------------------------------------------------------------------------------

/**
 * DetalleIVARecibida2Type (InversionSujetoPasivo) / DetalleIVARecibidaType (DesgloseIVA); BienInversion
 * (S/N) last, when the record says (arts. 107–108 LIVA).
 */
const detalleIvaRecibida = (d: SiiVatDetail): string => {
  const hasRecargo = d.recargoRateBp !== undefined || d.recargoCents !== undefined;
  if (hasRecargo && (d.recargoRateBp === undefined || d.recargoCents === undefined))
    throw new FieldError(
      'El recargo de equivalencia necesita a la vez TipoRecargoEquivalencia y CuotaRecargoEquivalencia.',
    );
  return sNode(
    'DetalleIVA',
    s('TipoImpositivo', rate('TipoImpositivo', d.rateBp)) +
      s('BaseImponible', amount('BaseImponible', d.baseCents)) +
      s('CuotaSoportada', amount('CuotaSoportada', d.vatCents)) +
      (hasRecargo
        ? s('TipoRecargoEquivalencia', rate('TipoRecargoEquivalencia', d.recargoRateBp!)) +
          s('CuotaRecargoEquivalencia', amount('CuotaRecargoEquivalencia', d.recargoCents!))
        : '') +
      (d.investmentGood === undefined ? '' : s('BienInversion', d.investmentGood ? 'S' : 'N')),
  );
};

const facturaRecibida = (r: SiiReceivedRecord): string => {
  if (r.reverseCharge.length === 0 && r.vat.length === 0)
    throw new FieldError('DesgloseFactura necesita InversionSujetoPasivo, DesgloseIVA o ambos.');
  // Imports (F5): the AEAT identifies them by the DUA as NumSerieFacturaEmisor; v1.1 has no other
  // element for it, so a DUA that is not the invoice number would be lost.
  if (r.customsDocument !== undefined && r.customsDocument !== r.invoiceId.number)
    throw new FieldError(
      `El DUA (${r.customsDocument}) debe ser el número de la factura (NumSerieFacturaEmisor: ${r.invoiceId.number}); el esquema no tiene otro campo para él.`,
    );
  if (!r.counterparty)
    throw new FieldError('Contraparte (el proveedor) es obligatoria en una factura recibida.');
  return (
    facturaComun(r) +
    sNode(
      'DesgloseFactura',
      (r.reverseCharge.length > 0
        ? sNode(
            'InversionSujetoPasivo',
            count('InversionSujetoPasivo/DetalleIVA', r.reverseCharge, 6).map(detalleIvaRecibida).join(''),
          )
        : '') +
        (r.vat.length > 0
          ? sNode('DesgloseIVA', count('DesgloseIVA/DetalleIVA', r.vat, 6).map(detalleIvaRecibida).join(''))
          : ''),
    ) +
    sNode('Contraparte', persona('Contraparte', r.counterparty)) +
    s('FechaRegContable', aeatDate('FechaRegContable', r.accountingDate)) +
    s('CuotaDeducible', amount('CuotaDeducible', r.deductibleVatCents))
  );
};

// --- BI, OI, cobros and pagos ----------------------------------------------------------------------

const goodIdentificationOf = (r: SiiInvestmentRecord): string =>
  boundedText('IdentificacionBien', r.goodIdentification, 40);

const bienesInversion = (r: SiiInvestmentRecord): string =>
  s('IdentificacionBien', goodIdentificationOf(r)) +
  s('FechaInicioUtilizacion', aeatDate('FechaInicioUtilizacion', r.startOfUseDate)) +
  s('ProrrataAnualDefinitiva', rate('ProrrataAnualDefinitiva', r.definitiveProrrataBp)) +
  (r.annualAdjustmentCents !== null
    ? s('RegularizacionAnualDeduccion', amount('RegularizacionAnualDeduccion', r.annualAdjustmentCents))
    : '');

const operacionIntracomunitaria = (r: SiiIntraEuRecord): string => {
  if (r.termDays !== null && (!Number.isInteger(r.termDays) || r.termDays < 0 || r.termDays > 999))
    throw new FieldError(`PlazoOperacion admite como máximo tres cifras (${r.termDays}).`);
  const documents = boundedText('FacturasODocumentacion', r.invoicesOrDocuments, 150, { required: false });
  return (
    s('TipoOperacion', oneOf('TipoOperacion', ['A', 'B'] as const, r.operationType)) +
    s('ClaveDeclarado', oneOf('ClaveDeclarado', ['D', 'R'] as const, r.declaredKey)) +
    s('EstadoMiembro', oneOf('EstadoMiembro', MEMBER_STATES, r.memberState)) +
    (r.termDays !== null ? s('PlazoOperacion', String(r.termDays)) : '') +
    s('DescripcionBienes', boundedText('DescripcionBienes', r.goodsDescription, 40)) +
    s('DireccionOperador', boundedText('DireccionOperador', r.operatorAddress, 120)) +
    (documents !== '' ? s('FacturasODocumentacion', documents) : '')
  );
};

/** DatosPagoCobroType, one per payment (Cobro / Pago). */
const pagosCobros = (element: 'Cobro' | 'Pago', r: SiiCashRecord): string =>
  count(element, r.payments, Number.POSITIVE_INFINITY)
    .map((p) => {
      const account = boundedText('Cuenta_O_Medio', p.account, 34, { required: false });
      return sNode(
        element,
        s('Fecha', aeatDate(`${element}/Fecha`, p.date)) +
          s('Importe', amount(`${element}/Importe`, p.amountCents)) +
          s('Medio', oneOf(`${element}/Medio`, PAYMENT_METHODS, p.method)) +
          (account !== '' ? s('Cuenta_O_Medio', account) : ''),
      );
    })
    .join('');

// --- one record of each service ----------------------------------------------------------------

const asBook = <B extends SiiRecord['book']>(r: SiiRecord, book: B): Extract<SiiRecord, { book: B }> => {
  if (r.book !== book) throw new FieldError(`El registro es del libro ${r.book}, no ${book}.`);
  return r as Extract<SiiRecord, { book: B }>;
};

/** The content of one Registro… element of a Suministro message. */
const registroSuministro = (service: SiiService, record: SiiRecord, header: SiiHeader): string => {
  switch (service) {
    case 'FE': {
      const r = asBook(record, 'FE');
      return (
        periodoLiquidacion(r.period) +
        lr('IDFactura', idFacturaExpedida(r.invoiceId)) +
        lr('FacturaExpedida', facturaExpedida(r))
      );
    }
    case 'FR': {
      const r = asBook(record, 'FR');
      return (
        periodoLiquidacion(r.period) +
        lr('IDFactura', idFacturaRecibida(r.invoiceId)) +
        lr('FacturaRecibida', facturaRecibida(r))
      );
    }
    case 'BI': {
      const r = asBook(record, 'BI');
      return (
        periodoLiquidacion(r.period) +
        lr('IDFactura', idFacturaConNombre(r.invoiceId, issuerNameOf(r, header))) +
        lr('BienesInversion', bienesInversion(r))
      );
    }
    case 'OI': {
      const r = asBook(record, 'OI');
      return (
        periodoLiquidacion(r.period) +
        lr('IDFactura', idFacturaConNombre(r.invoiceId, issuerNameOf(r, header))) +
        lr('Contraparte', persona('Contraparte', r.counterparty)) +
        lr('OperacionIntracomunitaria', operacionIntracomunitaria(r))
      );
    }
    case 'COBROS': {
      const r = asBook(record, 'RECC');
      return lr('IDFactura', idFacturaExpedida(r.invoiceId)) + lr('Cobros', pagosCobros('Cobro', r));
    }
    case 'PAGOS': {
      const r = asBook(record, 'RECC');
      if (!r.issuerName)
        throw new FieldError(
          'IDFactura/IDEmisorFactura/NombreRazon (el proveedor) es obligatorio en un pago.',
        );
      return (
        lr('IDFactura', idFacturaConNombre(r.invoiceId, r.issuerName)) + lr('Pagos', pagosCobros('Pago', r))
      );
    }
  }
};

/** The content of one RegistroLRBaja… element (FE, FR, BI and OI only). */
const registroBaja = (service: SiiService, record: SiiRecord, header: SiiHeader): string => {
  switch (service) {
    case 'FE': {
      const r = asBook(record, 'FE');
      return periodoLiquidacion(r.period) + lr('IDFactura', idFacturaExpedida(r.invoiceId));
    }
    case 'FR': {
      const r = asBook(record, 'FR');
      return (
        periodoLiquidacion(r.period) +
        lr('IDFactura', idFacturaConNombre(r.invoiceId, issuerNameOf(r, header)))
      );
    }
    case 'BI': {
      const r = asBook(record, 'BI');
      return (
        periodoLiquidacion(r.period) +
        lr('IDFactura', idFacturaConNombre(r.invoiceId, issuerNameOf(r, header))) +
        lr('IdentificacionBien', goodIdentificationOf(r))
      );
    }
    case 'OI': {
      const r = asBook(record, 'OI');
      return (
        periodoLiquidacion(r.period) +
        lr('IDFactura', idFacturaConNombre(r.invoiceId, issuerNameOf(r, header)))
      );
    }
    case 'COBROS':
    case 'PAGOS':
      throw new FieldError(`El servicio ${service} del SII no admite anulaciones.`);
  }
};

/** The answer-matching key of a record (lineKey; BI adds IdentificacionBien). */
export const recordKey = (record: SiiRecord): string =>
  record.book === 'BI'
    ? lineKey(record.invoiceId, record.goodIdentification.trim())
    : lineKey(record.invoiceId);

// --- messages ---------------------------------------------------------------------------------------

const header = (h: SiiHeader, tipoComunicacion: string | null): string => {
  try {
    return sNode(
      'Cabecera',
      versionSii() + titularES(h) + (tipoComunicacion ? s('TipoComunicacion', tipoComunicacion) : ''),
    );
  } catch (e) {
    if (e instanceof FieldError) throw new SiiRecordError(null, e.message);
    throw e;
  }
};

/**
 * Builds each record's element, refusing with the record's index. The records must all belong to
 * the service, be between 1 and 10,000, and be told apart by their answer key (two records with the
 * same key could not be matched to the AEAT's answer lines).
 */
const registros = (
  service: SiiService,
  element: string,
  records: readonly SiiRecord[],
  write: (r: SiiRecord) => string,
): string => {
  if (records.length === 0) throw new SiiRecordError(null, 'Un envío al SII necesita al menos un registro.');
  if (records.length > SII_MAX_RECORDS_PER_MESSAGE)
    throw new SiiRecordError(
      null,
      `Un envío al SII admite como máximo ${SII_MAX_RECORDS_PER_MESSAGE} registros (${records.length}).`,
    );
  const seen = new Map<string, number>();
  return records
    .map((record, index) => {
      try {
        if (serviceOf(record) !== service)
          throw new FieldError(
            `El registro es del servicio ${serviceOf(record)} y el envío del servicio ${service}.`,
          );
        const key = recordKey(record);
        const first = seen.get(key);
        if (first !== undefined)
          throw new FieldError(`Repite la factura del registro ${first + 1} (${key}) en el mismo envío.`);
        seen.set(key, index);
        return lr(element, write(record));
      } catch (e) {
        if (e instanceof FieldError) throw new SiiRecordError(index, e.message);
        throw e;
      }
    })
    .join('');
};

const message = (element: string, inner: string): string =>
  `<siiLR:${element} xmlns:siiLR="${SII_NS.siiLR}" xmlns:sii="${SII_NS.sii}">${inner}</siiLR:${element}>`;

/**
 * The Suministro message of one service (the SOAP body): SuministroLRFacturasEmitidas,
 * …FacturasRecibidas, …BienesInversion, …DetOperacionIntracomunitaria, …CobrosEmitidas, …PagosRecibidas.
 * `operation` is the TipoComunicacion (A0 alta, A1 modificación); cobros and pagos have none and can
 * only be added, so they take A0 only.
 */
export const buildSuministroXml = (
  service: SiiService,
  h: SiiHeader,
  operation: SiiCommunication,
  records: readonly SiiRecord[],
): string => {
  const def = SII_SERVICE_DEFS[service];
  const cashService = service === 'COBROS' || service === 'PAGOS';
  if (operation !== 'A0' && operation !== 'A1')
    throw new SiiRecordError(null, `TipoComunicacion no válido: ${String(operation)}.`);
  if (cashService && operation !== 'A0')
    throw new SiiRecordError(
      null,
      `Los ${service === 'COBROS' ? 'cobros' : 'pagos'} del criterio de caja solo se dan de alta: el SII no admite modificarlos (A1).`,
    );
  const head = header(h, cashService ? null : operation);
  return message(
    siiOperationOf(service, 'SUMINISTRO').request,
    head + registros(service, def.registro, records, (r) => registroSuministro(service, r, h)),
  );
};

/**
 * The anulación message of one service (BajaLRFacturasEmitidas, …Recibidas, …BienesInversion,
 * …DetOperacionIntracomunitaria; WSDL operations AnulacionLR…). COBROS and PAGOS have none.
 */
export const buildAnulacionXml = (
  service: SiiService,
  h: SiiHeader,
  records: readonly SiiRecord[],
): string => {
  const def = SII_SERVICE_DEFS[service];
  const operation = SII_SERVICE_DEFS[service].operations.ANULACION;
  if (!operation || !def.bajaRegistro)
    throw new SiiRecordError(null, `El servicio ${service} del SII no admite anulaciones.`);
  const bajaRegistro = def.bajaRegistro;
  return message(
    operation.request,
    header(h, null) + registros(service, bajaRegistro, records, (r) => registroBaja(service, r, h)),
  );
};

/**
 * What is wrong with one record for this service (null if it can be written): lets the sender set a
 * record aside before batching instead of failing a whole message.
 */
export const siiRecordProblem = (
  service: SiiService,
  kind: 'SUMINISTRO' | 'ANULACION',
  h: SiiHeader,
  record: SiiRecord,
): string | null => {
  try {
    if (serviceOf(record) !== service)
      return `El registro es del servicio ${serviceOf(record)} y el envío del servicio ${service}.`;
    if (kind === 'SUMINISTRO') registroSuministro(service, record, h);
    else registroBaja(service, record, h);
    return null;
  } catch (e) {
    if (e instanceof FieldError) return e.message;
    throw e;
  }
};
