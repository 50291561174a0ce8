import type { Shipment } from '#contract/participations'

/** Whether the member may request a return of this shipment now (the member API's rule). */
export function canRequestReturn(shipment: Shipment, now: Date = new Date()): boolean {
  if (shipment.status !== 'delivered' || shipment.return !== null || !shipment.returnableUntil) return false
  return now.getTime() <= new Date(shipment.returnableUntil).getTime()
}

/** Shipments the returns page is about: delivered ones, and any with a return. */
export function returnableShipments(shipments: readonly Shipment[]): Shipment[] {
  return shipments.filter((s) => s.status === 'delivered' || s.return !== null)
}
