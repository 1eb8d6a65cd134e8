/** The cards feature's public surface for other features. */
export {
  paymentMethodsQueryOptions,
  usePaymentMethods,
  type PaymentMethod,
  type PaymentMethods,
} from './api/get-payment-methods'
