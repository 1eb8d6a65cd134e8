import { describe, expect, it } from 'vitest'
import { idNoError, nameError } from './lib'

describe('the opening form (开户) checks', () => {
  it('asks for an empty name, then for its length and its Chinese form', () => {
    expect(nameError('0', '')).toBe('请输入姓名')
    expect(nameError('0', '   ')).toBe('请输入姓名')
    expect(nameError('0', undefined)).toBe('请输入姓名')
    expect(nameError('0', '赵'.repeat(31))).toBe('请输入2-30个字符的姓名')
    expect(nameError('0', 'Zhao Xiaoming')).toBe('请输入与身份证一致的中文姓名')
    expect(nameError('4', 'Chan Tai Man')).toBeNull()
    expect(nameError('0', '赵晓明')).toBeNull()
  })

  it('asks for an empty document number, then for a correct one', () => {
    expect(idNoError('0', '居民身份证', '')).toBe('请输入证件号码')
    expect(idNoError('0', '居民身份证', '11010519850621102X')).toBe('请输入正确的居民身份证号码')
    expect(idNoError('0', '居民身份证', '110105198506211024')).toBeNull()
  })
})
