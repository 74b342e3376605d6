import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SII_HOSTS, SII_SOAP_TIMEOUT_MS, SII_WS_PREFIX, siiBase, siiEndpoint } from './endpoints';
import { SII_SERVICE_DEFS, SII_SERVICES, serviceOf, siiOperationOf, soapActionOf } from './services';
import {
  collection,
  intraEu,
  investment,
  issuedDomestic,
  payment,
  receivedDomestic,
} from './testing/records';
import { SII_XSD_DIRECTORY } from './xsd';

/** What a WSDL declares: per operation its input/output body elements and SOAPAction; the soap:address list. */
const readWsdl = (file: string) => {
  const wsdl = readFileSync(`${SII_XSD_DIRECTORY}${file}`, 'utf8');
  const partElement = new Map(
    [
      ...wsdl.matchAll(
        /<wsdl:message name="([^"]+)">\s*<wsdl:part name="[^"]+" element="[^:"]+:([^"]+)"\/>/g,
      ),
    ].map((m) => [m[1]!, m[2]!]),
  );
  const portType = /<wsdl:portType[\s\S]*?<\/wsdl:portType>/.exec(wsdl)![0];
  const operations = new Map(
    [
      ...portType.matchAll(
        /<wsdl:operation name="([^"]+)">\s*<wsdl:input message="[^:"]+:([^"]+)"\/>\s*<wsdl:output message="[^:"]+:([^"]+)"\/>/g,
      ),
    ].map((m) => [m[1]!, { request: partElement.get(m[2]!), response: partElement.get(m[3]!) }]),
  );
  const binding = /<wsdl:binding[\s\S]*?<\/wsdl:binding>/.exec(wsdl)![0];
  const soapActions = new Map(
    [...binding.matchAll(/<wsdl:operation name="([^"]+)">\s*<soap:operation soapAction="([^"]*)"\/>/g)].map(
      (m) => [m[1]!, m[2]!],
    ),
  );
  const addresses = [...wsdl.matchAll(/<soap:address location="([^"]+)"/g)].map((m) => m[1]!);
  return { operations, soapActions, addresses };
};

describe('SII services, as their WSDLs declare them', () => {
  it.each(SII_SERVICES)('%s: operation names, request and answer elements', (service) => {
    const def = SII_SERVICE_DEFS[service];
    const wsdl = readWsdl(def.wsdl);
    for (const kind of ['SUMINISTRO', 'ANULACION', 'CONSULTA'] as const) {
      const op = def.operations[kind];
      if (!op) {
        expect(
          [...wsdl.operations.keys()].some((name) => name.startsWith('Anulacion')),
          `${service} ${kind}`,
        ).toBe(false);
        continue;
      }
      expect(wsdl.operations.get(op.operation), `${service} ${kind}`).toEqual({
        request: op.request,
        response: op.response,
      });
    }
  });

  it.each(SII_SERVICES)('%s: SOAPAction of each operation is the binding one', (service) => {
    const def = SII_SERVICE_DEFS[service];
    const wsdl = readWsdl(def.wsdl);
    for (const kind of ['SUMINISTRO', 'ANULACION', 'CONSULTA'] as const) {
      const op = def.operations[kind];
      if (!op) {
        expect(() => soapActionOf(service, kind)).toThrow(
          `El servicio ${service} del SII no tiene operación de anulación.`,
        );
        continue;
      }
      expect(wsdl.soapActions.has(op.operation)).toBe(true);
      expect(soapActionOf(service, kind)).toBe(wsdl.soapActions.get(op.operation));
      expect(siiOperationOf(service, kind)).toBe(op);
    }
  });

  it('maps each record to its service (RECC by direction)', () => {
    expect(serviceOf(issuedDomestic())).toBe('FE');
    expect(serviceOf(receivedDomestic())).toBe('FR');
    expect(serviceOf(investment())).toBe('BI');
    expect(serviceOf(intraEu())).toBe('OI');
    expect(serviceOf(collection())).toBe('COBROS');
    expect(serviceOf(payment())).toBe('PAGOS');
  });
});

describe('siiEndpoint', () => {
  it.each(SII_SERVICES)('%s: our four URLs are exactly the soap:address list of the WSDL', (service) => {
    const { addresses } = readWsdl(SII_SERVICE_DEFS[service].wsdl);
    const path = `${SII_WS_PREFIX}${SII_SERVICE_DEFS[service].path}`;
    const ours = Object.values(SII_HOSTS).flatMap((h) => [`${h.personal}${path}`, `${h.seal}${path}`]);
    expect(ours.sort()).toEqual([...addresses].sort());
    expect(addresses).toContain(siiEndpoint(service, 'PRODUCTION'));
    expect(addresses).toContain(siiEndpoint(service, 'TEST'));
  });

  it('gives the official URLs per environment', () => {
    expect(siiEndpoint('FE', 'TEST')).toBe('https://prewww1.aeat.es/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP');
    expect(siiEndpoint('FR', 'PRODUCTION')).toBe(
      'https://www1.agenciatributaria.gob.es/wlpl/SSII-FACT/ws/fr/SiiFactFRV1SOAP',
    );
    expect(siiEndpoint('BI', 'TEST')).toBe('https://prewww1.aeat.es/wlpl/SSII-FACT/ws/bi/SiiFactBIV1SOAP');
    expect(siiEndpoint('OI', 'TEST')).toBe('https://prewww1.aeat.es/wlpl/SSII-FACT/ws/oi/SiiFactOIV1SOAP');
    expect(siiEndpoint('COBROS', 'PRODUCTION')).toBe(
      'https://www1.agenciatributaria.gob.es/wlpl/SSII-FACT/ws/fe/SiiFactCOBV1SOAP',
    );
    expect(siiEndpoint('PAGOS', 'TEST')).toBe(
      'https://prewww1.aeat.es/wlpl/SSII-FACT/ws/fr/SiiFactPAGV1SOAP',
    );
  });

  it('lets SII_AEAT_ENDPOINT replace the host and the /wlpl/SSII-FACT/ws prefix (trailing slash or not)', () => {
    expect(siiEndpoint('FE', 'TEST', 'https://127.0.0.1:4443/wlpl/SSII-FACT/ws')).toBe(
      'https://127.0.0.1:4443/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP',
    );
    expect(siiEndpoint('PAGOS', 'PRODUCTION', 'https://127.0.0.1:4443/sii/')).toBe(
      'https://127.0.0.1:4443/sii/fr/SiiFactPAGV1SOAP',
    );
    expect(siiBase('PRODUCTION', null)).toBe('https://www1.agenciatributaria.gob.es/wlpl/SSII-FACT/ws');
    expect(siiBase('TEST', '')).toBe('https://prewww1.aeat.es/wlpl/SSII-FACT/ws');
  });

  it('gives the SOAP time-out', () => {
    expect(SII_SOAP_TIMEOUT_MS).toBe(15_000);
  });
});
