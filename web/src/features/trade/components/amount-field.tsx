import { NumberKeyboard } from 'antd-mobile'
import { deleteKey, typeKey } from '../lib/amount'

interface Props {
  value: string
  onChange: (value: string) => void
  placeholder: string
  /** Before the figure (¥); none when empty. */
  unit?: string
  /** After the figure (份, %). */
  suffix?: string
  keyboardVisible: boolean
  onKeyboardVisible: (visible: boolean) => void
  testId?: string
}

/** An amount (or shares) typed on the number keypad: the figure shows large with a caret while
 * the keypad is up; the keypad allows one point and two decimals. */
export function AmountField({
  value,
  onChange,
  placeholder,
  unit = '¥',
  suffix,
  keyboardVisible,
  onKeyboardVisible,
  testId = 'trade-amount',
}: Props) {
  return (
    <>
      <div
        className="trade-amount"
        role="textbox"
        tabIndex={0}
        aria-label={placeholder}
        data-testid={testId}
        data-value={value}
        onClick={() => onKeyboardVisible(true)}
      >
        {unit && <span className="trade-amount__unit">{unit}</span>}
        <span className="trade-amount__value">
          {value || <span className="trade-amount__placeholder">{placeholder}</span>}
          {keyboardVisible && <span className="trade-amount__caret" />}
          {value && suffix && <span className="trade-amount__unit"> {suffix}</span>}
        </span>
        {value && (
          <button
            type="button"
            className="trade-amount__clear"
            onClick={(e) => {
              e.stopPropagation()
              onChange('')
            }}
          >
            清空
          </button>
        )}
      </div>
      <NumberKeyboard
        visible={keyboardVisible}
        customKey="."
        confirmText="完成"
        onClose={() => onKeyboardVisible(false)}
        onConfirm={() => onKeyboardVisible(false)}
        onInput={(key) => onChange(typeKey(value, key))}
        onDelete={() => onChange(deleteKey(value))}
        showCloseButton={false}
      />
    </>
  )
}
