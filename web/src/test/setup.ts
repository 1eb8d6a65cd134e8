import '@testing-library/jest-dom/vitest'

// Client rules that count days (pop-up frequencies) use the phone's local time; the app's
// users are in Beijing time, and so are the tests, whatever the machine's zone.
process.env.TZ = 'Asia/Shanghai'
