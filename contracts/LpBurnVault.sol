// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title LpBurnVault
/// @notice ADVERSARIAL (for the liquidity-lock tests only): the deployer "burns" its LP tokens by
/// sending them to this contract — an ordinary CREATE address, nothing like 0x…dEaD — and announces
/// the LP burned. The contract has no receive logic and looks inert, but its owner (the deployer) can
/// take any token back out with `recover(address,uint256)`. The LP is withdrawable by the deployer.
contract LpBurnVault {
    address public immutable owner;

    error NotOwner();

    constructor() {
        owner = msg.sender;
    }

    function recover(address token, uint256 amount) external {
        if (msg.sender != owner) revert NotOwner();
        IERC20(token).transfer(msg.sender, amount);
    }
}
