// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Wrapped-asset test helper. NEVER deployed: eth_call state overrides place its runtime code
/// at a throwaway address with some ETH. `run` measures, from that fresh address, whether the token
/// behaves as a wrapper of the chain's native coin: ETH sent in (deposit() or a plain transfer) mints
/// the same amount of tokens to the sender, and withdraw(amount) burns them and pays the ETH back.
/// It also reports the token's own ETH balance against its total supply (full backing). Every external
/// call is gas-bounded and its return data is not copied, so a hostile token cannot stall the report.
contract WrapProbe {
    uint256 internal constant CALL_GAS = 200_000;

    function run(address token, uint256 amount)
        external
        returns (
            uint256 supply,
            uint256 reserve,
            bool depositOk,
            uint256 minted,
            bool withdrawOk,
            uint256 returned
        )
    {
        supply = _uint(token, abi.encodeWithSelector(0x18160ddd)); // totalSupply()
        reserve = token.balance;
        uint256 before = _uint(token, abi.encodeWithSelector(0x70a08231, address(this))); // balanceOf
        depositOk = _call(token, amount, abi.encodeWithSelector(0xd0e30db0)); // deposit()
        if (!depositOk) depositOk = _call(token, amount, ""); // receive()
        uint256 afterIn = _uint(token, abi.encodeWithSelector(0x70a08231, address(this)));
        minted = afterIn > before ? afterIn - before : 0;
        if (depositOk && minted > 0) {
            uint256 ethBefore = address(this).balance;
            withdrawOk = _call(token, 0, abi.encodeWithSelector(0x2e1a7d4d, minted)); // withdraw(uint256)
            returned = address(this).balance > ethBefore ? address(this).balance - ethBefore : 0;
        }
    }

    function _call(address to, uint256 value, bytes memory data) internal returns (bool ok) {
        assembly {
            ok := call(CALL_GAS, to, value, add(data, 32), mload(data), 0, 0)
        }
    }

    function _uint(address to, bytes memory data) internal view returns (uint256 v) {
        bool ok;
        assembly {
            ok := staticcall(CALL_GAS, to, add(data, 32), mload(data), 0, 32)
            if and(ok, gt(returndatasize(), 31)) { v := mload(0) }
        }
    }

    receive() external payable {}
}
