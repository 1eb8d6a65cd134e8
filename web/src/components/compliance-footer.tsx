/** The footer with the compliance text every sales page carries. */
export function ComplianceFooter({ brokerName }: { brokerName?: string }) {
  return (
    <footer className="compliance-footer">
      {brokerName && <p>基金销售服务由{brokerName}提供</p>}
      <p>基金投资有风险，基金的过往业绩并不预示其未来表现，投资需谨慎</p>
      <p>请您在投资前仔细阅读基金合同、招募说明书等法律文件</p>
    </footer>
  )
}
