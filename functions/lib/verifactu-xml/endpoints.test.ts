import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOAP_TIMEOUT_MS, VERIFACTU_ENDPOINTS, verifactuEndpoint } from './endpoints';

describe('verifactuEndpoint', () => {
  it('maps environment, certificate kind and service to the official URLs', () => {
    expect(verifactuEndpoint({ environment: 'PRODUCTION', sealCertificate: false })).toBe(
      'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(verifactuEndpoint({ environment: 'PRODUCTION', sealCertificate: true })).toBe(
      'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(verifactuEndpoint({ environment: 'TEST', sealCertificate: false })).toBe(
      'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(verifactuEndpoint({ environment: 'TEST', sealCertificate: true })).toBe(
      'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(
      verifactuEndpoint({ environment: 'PRODUCTION', sealCertificate: false, requerimiento: true }),
    ).toBe('https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP');
    expect(verifactuEndpoint({ environment: 'PRODUCTION', sealCertificate: true, requerimiento: true })).toBe(
      'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP',
    );
    expect(verifactuEndpoint({ environment: 'TEST', sealCertificate: false, requerimiento: true })).toBe(
      'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP',
    );
    expect(verifactuEndpoint({ environment: 'TEST', sealCertificate: true, requerimiento: true })).toBe(
      'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/RequerimientoSOAP',
    );
  });

  it('lists exactly the 8 soap:address locations of SistemaFacturacion.wsdl', () => {
    const wsdl = readFileSync(new URL('./xsd/SistemaFacturacion.wsdl', import.meta.url), 'utf8');
    const fromWsdl = [...wsdl.matchAll(/<soap:address location="([^"]+)"/g)].map((m) => m[1]).sort();
    const ours = Object.values(VERIFACTU_ENDPOINTS)
      .flatMap((e) => Object.values(e))
      .sort();
    expect(ours).toEqual(fromWsdl);
  });

  it('gives the SOAP time-out', () => {
    expect(SOAP_TIMEOUT_MS).toBe(15000);
  });
});
